import type { ReactNode } from 'react';

/** A landing section's h2 (its id labels the section) and optional intro line. */
export function SectionHeading({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-slate-600">{children}</p>}
    </div>
  );
}

/** The centred, padded column every landing section uses. */
export const sectionContainer = 'mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24';
