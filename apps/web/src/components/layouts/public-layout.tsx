import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Header, main content below the fixed header, footer: the frame of every public page. A page
 * may bring a header of its own (the wizards' focused one), 4rem high and fixed like the site's.
 */
export function PublicLayout({ children, header }: { children: ReactNode; header?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Pular para o conteúdo
      </a>
      {header ?? <SiteHeader />}
      <main id="conteudo" tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
