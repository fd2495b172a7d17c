import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { LONG_TEXT_MAX } from '@medipay/shared/fields';
import { Button } from '../../../../components/ui/button';
import { Label } from '../../../../components/ui/label';
import { Textarea } from '../../../../components/ui/textarea';
import {
  Dialog,
  DialogContent,
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog';

export type ReasonDialogProps = {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description?: ReactNode;
  /** The text area's label. */
  fieldLabel: string;
  /** Under the label: who reads the text ('Mensagem ao solicitante'). */
  fieldHint?: string;
  /** What the text area holds when the dialog opens (editable), read at each opening. */
  initialText?: string;
  /** The label of an optional second text area, the note kept in the back office; none without. */
  internalNoteLabel?: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  /**
   * Sends the text and the internal note (undefined when blank or not asked); resolves true when
   * the dialog may close (done, or moot after a 409).
   */
  onSubmit: (text: string, internalNote?: string) => Promise<boolean>;
};

/**
 * A dialog that asks for a required text (requirements, a denial's reason), and optionally an
 * internal note: the confirm button stays disabled while the text is blank or the request runs.
 * Cancelling does nothing.
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  fieldLabel,
  fieldHint,
  initialText = '',
  internalNoteLabel,
  confirmLabel,
  pendingLabel,
  pending,
  destructive,
  onSubmit,
}: ReasonDialogProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const blank = text.trim() === '';

  function changeOpen(next: boolean) {
    if (pending) return;
    setOpen(next);
    // The text starts from what the page knows now (the refused documents, for requirements).
    setText(next ? initialText : '');
    setNote('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || pending) return;
    if (await onSubmit(text.trim(), note.trim() || undefined)) {
      setOpen(false);
      setText('');
      setNote('');
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? (
            <DialogDescription asChild>
              <div>{description}</div>
            </DialogDescription>
          ) : (
            <DialogDescription className="sr-only">{fieldLabel}</DialogDescription>
          )}
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={id}>{fieldLabel}</Label>
            {fieldHint && (
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                {fieldHint}
              </p>
            )}
            <Textarea
              id={id}
              rows={4}
              required
              aria-required="true"
              aria-describedby={fieldHint ? `${id}-hint` : undefined}
              maxLength={LONG_TEXT_MAX}
              value={text}
              disabled={pending}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          {internalNoteLabel && (
            <div className="space-y-2">
              <Label htmlFor={`${id}-note`}>{internalNoteLabel}</Label>
              <Textarea
                id={`${id}-note`}
                rows={3}
                maxLength={LONG_TEXT_MAX}
                value={note}
                disabled={pending}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={pending}>
                Cancelar
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={blank || pending}
            >
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
