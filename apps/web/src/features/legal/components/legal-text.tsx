import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/*
 * Small typographic pieces shared by the legal pages (privacy policy, security and compliance).
 * Body text is slate-700 or darker on white, which keeps every line above WCAG AA contrast.
 */

/** The page title block: the page's only h1, with its lead paragraph and extra lines. */
export function LegalPageHeader({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="border-b bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {lead && <p className="mt-4 max-w-3xl text-lg text-slate-700">{lead}</p>}
        {children}
      </div>
    </div>
  );
}

/** Running text of a legal section: paragraphs and lists with comfortable spacing. */
export function Prose({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'space-y-4 leading-relaxed text-slate-700 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
        className,
      )}
      {...props}
    />
  );
}
