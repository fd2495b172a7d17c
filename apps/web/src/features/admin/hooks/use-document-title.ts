import { useEffect } from 'react';

/** Sets the browser tab's title while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The tab title of a back-office page. */
export function adminTitle(page: string): string {
  return `${page} | Painel Administrativo | MediPay`;
}
