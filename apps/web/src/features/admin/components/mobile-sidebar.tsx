import { Menu, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * The sidebar on small screens: a sheet from the left (18rem) opened by the header's menu
 * button, closed by Escape, the overlay, its close button or choosing a page. Radix's dialog
 * (the UI kit's DialogContent is a centred box) keeps focus inside while it is open.
 */
export function MobileSidebar({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>
        <Button type="button" variant="ghost" size="icon" className="md:hidden">
          <Menu aria-hidden="true" />
          <span className="sr-only">Abrir menu</span>
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-white shadow-lg focus:outline-none"
        >
          <div className="flex h-14 items-center justify-between border-b px-4">
            <DialogPrimitive.Title className="text-base font-semibold">
              Menu Principal
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button type="button" variant="ghost" size="icon">
                <X aria-hidden="true" />
                <span className="sr-only">Fechar menu</span>
              </Button>
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
