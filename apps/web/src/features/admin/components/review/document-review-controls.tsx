import { FileCheck2, FileX2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApplicationDetail, ReviewDocument } from '@medipay/shared/admin-review';
import {
  caseMessages,
  documentRefusalReasonLabels,
  documentRefusalReasonValues,
  documentReviewInputSchema,
  refusalReasonText,
  type DocumentRefusalReason,
  type DocumentReview,
} from '@medipay/shared/case-review';
import { formatDateTime } from '@medipay/shared/dates';
import { fileFieldLabel } from '@medipay/shared/files';
import { FormField } from '../../../../components/form/form-field';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog';
import { NativeSelect } from '../../../../components/ui/native-select';
import { Textarea } from '../../../../components/ui/textarea';
import { DialogActions } from '../dialog-actions';
import { caseFailures, useRunCaseAction } from './case-action-run';

/** The most a refusal's own text ('Outro') may hold (documentReviewInputSchema). */
const REFUSAL_TEXT_MAX = 500;

const reasonOptions = documentRefusalReasonValues.map((value) => ({
  value,
  label: documentRefusalReasonLabels[value],
}));

/**
 * What 'Em Exigência' proposes to tell the applicant: one line per current document refused,
 * `- <document>: <reason>`, in the application's order of documents.
 */
export function refusedDocumentsText(documents: ApplicationDetail['documents']): string {
  return documents
    .flatMap((document) =>
      document.current && document.review?.decision === 'recusado'
        ? [
            `- ${fileFieldLabel(document.field)}: ${refusalReasonText(document.review.motivo ?? '', document.review.motivoTexto)}`,
          ]
        : [],
    )
    .join('\n');
}

/** A document's standing: 'Aceito' or 'Recusado: <reason>', by whom and when. */
function Standing({ review }: { review: DocumentReview }) {
  const accepted = review.decision === 'aceito';
  return (
    <div className="space-y-1">
      <Badge variant={accepted ? 'success' : 'destructive'} className="max-w-full break-words">
        {accepted
          ? 'Aceito'
          : `Recusado: ${refusalReasonText(review.motivo ?? '', review.motivoTexto)}`}
      </Badge>
      <p className="text-xs wrap-anywhere text-muted-foreground">
        por {review.adminEmail} em{' '}
        <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
      </p>
    </div>
  );
}

type Refusal = { motivo: DocumentRefusalReason; motivoTexto?: string };

/**
 * 'Recusar documento': the reason from the list and, for 'Outro', its text; the shared schema's
 * messages when either is missing.
 */
function RefuseDialog({
  label,
  labelId,
  disabled,
  describedBy,
  pending,
  onRefuse,
}: {
  label: string;
  labelId: string;
  disabled: boolean;
  describedBy: string | undefined;
  pending: boolean;
  onRefuse: (refusal: Refusal) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [texto, setTexto] = useState('');
  const [errors, setErrors] = useState<{ motivo?: string; motivoTexto?: string }>({});
  const select = useRef<HTMLSelectElement>(null);
  const other = useRef<HTMLTextAreaElement>(null);

  function changeOpen(next: boolean) {
    if (pending) return;
    setOpen(next);
    setMotivo('');
    setTexto('');
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = documentReviewInputSchema.safeParse({
      decision: 'recusado',
      motivo: motivo || undefined,
      motivoTexto: motivo === 'outro' ? texto : undefined,
    });
    if (!parsed.success) {
      const found: { motivo?: string; motivoTexto?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'motivo' || key === 'motivoTexto') && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      (found.motivo ? select : other).current?.focus();
      return;
    }
    const { motivo: reason, motivoTexto } = parsed.data;
    if (!reason) return;
    if (await onRefuse({ motivo: reason, motivoTexto })) {
      setOpen(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="text-red-800"
          disabled={disabled}
          aria-describedby={[labelId, describedBy].filter(Boolean).join(' ')}
        >
          <FileX2 aria-hidden="true" />
          {caseMessages.refuseDocument}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{caseMessages.refuseDocument}</DialogTitle>
          <DialogDescription>{label}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={caseMessages.refusalReason} error={errors.motivo}>
            <NativeSelect
              ref={select}
              options={reasonOptions}
              required
              aria-required="true"
              value={motivo}
              disabled={pending}
              onChange={(event) => {
                setMotivo(event.target.value);
                setErrors({});
              }}
            />
          </FormField>
          {motivo === 'outro' && (
            <FormField label={caseMessages.refusalOtherText} error={errors.motivoTexto}>
              <Textarea
                ref={other}
                rows={3}
                required
                aria-required="true"
                maxLength={REFUSAL_TEXT_MAX}
                value={texto}
                disabled={pending}
                onChange={(event) => {
                  setTexto(event.target.value);
                  if (errors.motivoTexto) setErrors({});
                }}
              />
            </FormField>
          )}
          <DialogActions
            pending={pending}
            label={caseMessages.refuseDocument}
            pendingLabel="Salvando..."
            destructive
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A current document's decision under its preview (decision 023): its standing, and while the
 * application awaits analysis 'Aceitar documento' and 'Recusar documento'. While another admin
 * holds the case the buttons stay, disabled, with who holds it (the server would refuse).
 */
export function DocumentReviewControls({
  detail,
  document,
  labelId,
}: {
  detail: ApplicationDetail;
  document: ReviewDocument | undefined;
  /** The id of the document's heading: the buttons are described by it. */
  labelId: string;
}) {
  const blockedId = useId();
  const { run, pending } = useRunCaseAction(detail);
  const current = document?.current ?? null;
  const review = document?.review ?? null;
  const open = detail.allowedActions.includes('approve') && current !== null;
  if (!review && !open) return null;

  const label = fileFieldLabel(document?.field ?? '');
  const { analista, heldByMe } = detail.case;
  const blocked = analista !== null && !heldByMe;
  const describedBy = blocked ? blockedId : undefined;

  return (
    <div className="mt-3 space-y-2">
      {review && <Standing review={review} />}
      {open && current && (
        <>
          <div className="flex flex-wrap gap-2">
            {review?.decision !== 'aceito' && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="text-green-800"
                disabled={blocked || pending}
                aria-describedby={[labelId, describedBy].filter(Boolean).join(' ')}
                onClick={() =>
                  void run(
                    { action: 'review-document', documentId: current.id, decision: 'aceito' },
                    {
                      success: caseMessages.documentAccepted,
                      failure: caseFailures.documentReview,
                    },
                  )
                }
              >
                <FileCheck2 aria-hidden="true" />
                {caseMessages.acceptDocument}
              </Button>
            )}
            <RefuseDialog
              label={label}
              labelId={labelId}
              disabled={blocked}
              describedBy={describedBy}
              pending={pending}
              onRefuse={(refusal) =>
                run(
                  {
                    action: 'review-document',
                    documentId: current.id,
                    decision: 'recusado',
                    ...refusal,
                  },
                  { success: caseMessages.documentRefused, failure: caseFailures.documentReview },
                )
              }
            />
          </div>
          {blocked && (
            <p id={blockedId} className="text-xs wrap-anywhere text-muted-foreground">
              {caseMessages.heldBy(analista.email)}
            </p>
          )}
        </>
      )}
    </div>
  );
}
