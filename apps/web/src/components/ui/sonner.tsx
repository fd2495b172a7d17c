import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** The one toast outlet of the app. Toasts are raised with `toast` from 'sonner'. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-right"
      richColors
      closeButton
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      {...props}
    />
  );
}
