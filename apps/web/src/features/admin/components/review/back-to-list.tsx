import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '../../../../components/ui/button';

/** Navigation state of a link from a list to an application: the list's URL with its filters. */
export type BackState = { from?: string };

/** The list to go back to: the one the user came from (same list, any filters), or `list`. */
export function useBackToList(list: string): string {
  const { state } = useLocation() as { state: BackState | null };
  const from = state?.from;
  if (typeof from !== 'string') return list;
  const [pathname] = from.split('?');
  return pathname === list ? from : list;
}

/** 'Voltar' to the list the user came from. */
export function BackToListLink({ list, label = 'Voltar' }: { list: string; label?: string }) {
  const to = useBackToList(list);
  return (
    <Link to={to} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <ArrowLeft aria-hidden="true" />
      {label}
    </Link>
  );
}
