import type { ReactNode } from 'react';
import { Button } from '../ui/button';

export type ReviewSectionProps = {
  step: number;
  title: string;
  onEdit: (step: number) => void;
  children: ReactNode;
};

/** One step's answers on the review step, with 'Editar' back to that step. */
export function ReviewSection({ step, title, onEdit, children }: ReviewSectionProps) {
  return (
    <section className="rounded-md border p-4" aria-labelledby={`revisao-${step}`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id={`revisao-${step}`} className="font-semibold">
          {title}
        </h2>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Editar ${title}`}
          onClick={() => onEdit(step)}
        >
          Editar
        </Button>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">{children}</dl>
    </section>
  );
}

/** A label and its answer ('-' when empty). */
export function ReviewItem({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      {/* A long e-mail or name breaks anywhere rather than widening the page on a phone. */}
      <dd className="min-w-0 [overflow-wrap:anywhere]">{value || '-'}</dd>
    </>
  );
}
