import { useState, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog';
import { DialogActions } from '../dialog-actions';

/** An action that needs only a confirmation (approve, back to analysis, take a case over). */
export function ConfirmDialog({
  trigger,
  title,
  description,
  details,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  /** What else the admin should know before confirming. */
  details?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Resolves true when the dialog may close (done, or moot after a 409). */
  onConfirm: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {details}
        <DialogActions
          pending={pending}
          label={confirmLabel}
          pendingLabel={pendingLabel}
          onConfirm={() => {
            void onConfirm().then((close) => close && setOpen(false));
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
