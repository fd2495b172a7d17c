import type { UseMutationResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { adminMessages } from '@medipay/shared/admin';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { errorMessage, isUnauthorized } from '../api/admin-errors';
import { DialogActions } from './dialog-actions';

/**
 * An action on one admin account behind a confirmation: the row's button, the dialog, the
 * request, a toast of its outcome (a lost session is the guard's to handle).
 */
export function AccountActionDialog<Result>({
  accountId,
  mutation,
  trigger,
  title,
  description,
  action,
  done,
}: {
  accountId: string;
  mutation: UseMutationResult<Result, Error, string>;
  trigger: { label: string; ariaLabel: string; icon: LucideIcon; className?: string };
  title: string;
  description: ReactNode;
  action: { label: string; pendingLabel: string };
  /** The toast after the action. */
  done: string;
}) {
  const [open, setOpen] = useState(false);
  const Icon = trigger.icon;

  function confirm() {
    mutation.mutate(accountId, {
      onSuccess: () => toast.success(done),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast.error(adminMessages.loadFailedTitle, { description: errorMessage(error) });
      },
      onSettled: () => setOpen(false),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className={trigger.className}
          aria-label={trigger.ariaLabel}
        >
          <Icon aria-hidden="true" />
          {trigger.label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogActions
          pending={mutation.isPending}
          label={action.label}
          pendingLabel={action.pendingLabel}
          onConfirm={confirm}
          destructive
        />
      </DialogContent>
    </Dialog>
  );
}
