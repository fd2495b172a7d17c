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
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  /** Sends the text; resolves true when the dialog may close (done, or moot after a 409). */
  onSubmit: (text: string) => Promise<boolean>;
};

/**
 * A dialog that asks for a required text (requirements, a denial's reason): the confirm button
 * stays disabled while the text is blank or the request runs. Cancelling does nothing.
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  fieldLabel,
  confirmLabel,
  pendingLabel,
  pending,
  destructive,
  onSubmit,
}: ReasonDialogProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  function changeOpen(next: boolean) {
    if (pending) return;
    setOpen(next);
    if (!next) setText('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || pending) return;
    if (await onSubmit(text.trim())) {
      setOpen(false);
      setText('');
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
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
            <Textarea
              id={id}
              rows={4}
              required
              aria-required="true"
              maxLength={LONG_TEXT_MAX}
              value={text}
              disabled={pending}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
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
