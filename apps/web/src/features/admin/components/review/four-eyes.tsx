import { CheckCircle2, Undo2, UsersRound } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { caseMessages, firstApprovalNoteSchema } from '@medipay/shared/case-review';
import { formatDateTime } from '@medipay/shared/dates';
import { LONG_TEXT_MAX } from '@medipay/shared/fields';
import { FormField } from '../../../../components/form/form-field';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog';
import { Textarea } from '../../../../components/ui/textarea';
import { useAdminSession } from '../../hooks/admin-session-context';
import { DialogActions } from '../dialog-actions';
import { caseFailures, useRunCaseAction } from './case-action-run';

/** Whether two administrators must approve the application (decision 023, four-eyes). */
export const needsTwoApprovals = (detail: ApplicationDetail) =>
  detail.case.secondApprovalReasons.length > 0;

/** Whether the signed-in admin gave the application's first approval. */
function useIsFirstApprover(detail: ApplicationDetail): boolean {
  const { user } = useAdminSession();
  const first = detail.case.primeiraAprovacao;
  return first !== null && first.adminId === user.id;
}

/**
 * Four-eyes on the application: why it needs two approvals (while it can be approved), and the
 * first approval awaiting the second, with 'Retirar aprovação' for the admin who gave it.
 */
export function FourEyesPanel({ detail }: { detail: ApplicationDetail }) {
  const mine = useIsFirstApprover(detail);
  const { run, pending } = useRunCaseAction(detail);
  const { secondApprovalReasons: reasons, primeiraAprovacao: first } = detail.case;
  const approvable = detail.allowedActions.includes('approve');
  if (!first && !(approvable && reasons.length > 0)) return null;

  return (
    <div
      role="note"
      aria-label={caseMessages.secondApprovalRequired}
      className="flex gap-3 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950"
    >
      <UsersRound className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-3">
        {reasons.length > 0 && (
          <div>
            <p className="font-semibold">{caseMessages.secondApprovalRequired}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
              {reasons.map((reason) => (
                <li key={reason.code}>{reason.label}</li>
              ))}
            </ul>
          </div>
        )}
        {first && (
          <div className="space-y-1">
            <p className="font-semibold">{caseMessages.awaitingSecond}</p>
            <p className="text-sm wrap-anywhere">
              Primeira aprovação por {first.adminEmail} em{' '}
              <time dateTime={first.em}>{formatDateTime(first.em)}</time>
            </p>
            {first.nota && (
              <p className="text-sm break-words whitespace-pre-line">
                <span className="font-medium">Nota:</span> {first.nota}
              </p>
            )}
            {mine && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-2"
                disabled={pending}
                onClick={() =>
                  void run(
                    { action: 'withdraw-approval', expectedStatus: detail.status },
                    { success: caseMessages.withdrawn, failure: caseFailures.withdraw },
                  )
                }
              >
                <Undo2 aria-hidden="true" />
                {caseMessages.withdraw}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * 'Aprovar' with a note: required on the first approval (the shared schema's message when
 * blank), optional on the second. The note is trimmed; a blank optional note is not sent.
 */
function ApprovalNoteDialog({
  required,
  disabled,
  describedBy,
  pending,
  onApprove,
}: {
  required: boolean;
  disabled: boolean;
  describedBy: string | undefined;
  pending: boolean;
  onApprove: (nota: string | undefined) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);

  function changeOpen(next: boolean) {
    if (pending) return;
    setOpen(next);
    if (!next) {
      setText('');
      setError(undefined);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    let nota: string | undefined = text.trim() || undefined;
    if (required) {
      const parsed = firstApprovalNoteSchema.safeParse(text);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? caseMessages.firstApprovalNoteRequired);
        field.current?.focus();
        return;
      }
      nota = parsed.data;
    }
    setError(undefined);
    if (await onApprove(nota)) {
      setOpen(false);
      setText('');
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          className="bg-green-700 hover:bg-green-800"
          disabled={disabled}
          aria-describedby={describedBy}
        >
          <CheckCircle2 aria-hidden="true" />
          Aprovar
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Aprovar onboarding?</DialogTitle>
          <DialogDescription>
            {required
              ? `${caseMessages.secondApprovalRequired}. A sua é a primeira: o status só muda com a aprovação de outro administrador.`
              : 'Esta é a segunda aprovação: o cadastro será marcado como aprovado.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField
            label={required ? caseMessages.firstApprovalNoteLabel : 'Nota da aprovação (opcional)'}
            error={error}
          >
            <Textarea
              ref={field}
              rows={4}
              required={required}
              aria-required={required ? 'true' : undefined}
              maxLength={LONG_TEXT_MAX}
              value={text}
              disabled={pending}
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(undefined);
              }}
            />
          </FormField>
          <DialogActions pending={pending} label="Aprovar" pendingLabel="Aprovando..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * 'Aprovar' of an application that needs two administrators: the first approval asks for its
 * note; the admin who gave it cannot give the second (the button stays, disabled, with why).
 */
export function FourEyesApprove({
  detail,
  pending,
  blockedBy,
  onApprove,
}: {
  detail: ApplicationDetail;
  pending: boolean;
  /** The id of the visible text that says why decisions are blocked, if they are. */
  blockedBy: string | undefined;
  onApprove: (nota: string | undefined) => Promise<boolean>;
}) {
  const sameAdminId = useId();
  const mine = useIsFirstApprover(detail);
  if (mine) {
    return (
      <div className="flex flex-col gap-1">
        <Button
          type="button"
          className="bg-green-700 hover:bg-green-800"
          disabled
          aria-describedby={sameAdminId}
        >
          <CheckCircle2 aria-hidden="true" />
          Aprovar
        </Button>
        <p id={sameAdminId} className="max-w-xs text-sm text-muted-foreground">
          {caseMessages.sameAdmin}
        </p>
      </div>
    );
  }
  return (
    <ApprovalNoteDialog
      required={detail.case.primeiraAprovacao === null}
      disabled={blockedBy !== undefined}
      describedBy={blockedBy}
      pending={pending}
      onApprove={onApprove}
    />
  );
}
