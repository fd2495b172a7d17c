import { Button } from '../../../components/ui/button';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog';

export type DialogActionsProps = {
  pending: boolean;
  label: string;
  /** Shown on the button while the request runs ('Salvando...'). */
  pendingLabel: string;
  /** Without it, the button submits the dialog's form. */
  onConfirm?: () => void;
  destructive?: boolean;
};

/** 'Cancelar' and the dialog's action, both disabled while the request runs. */
export function DialogActions({
  pending,
  label,
  pendingLabel,
  onConfirm,
  destructive,
}: DialogActionsProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={pending}>
          Cancelar
        </Button>
      </DialogClose>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={destructive ? 'destructive' : 'default'}
        onClick={onConfirm}
        disabled={pending}
      >
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
