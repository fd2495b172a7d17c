import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * Sonner's rich colours put mid-tone text on pale backgrounds (red at 45% lightness on pink is
 * about 4:1): darker text keeps every toast above the 4.5:1 contrast WCAG asks of small text.
 */
const readableColours = {
  '--error-text': '#991b1b',
  '--success-text': '#166534',
  '--warning-text': '#854d0e',
  '--info-text': '#1e40af',
} as CSSProperties;

/** The one toast outlet of the app. Toasts are raised with `toast` from 'sonner'. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-right"
      richColors
      closeButton
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      style={readableColours}
      {...props}
    />
  );
}
