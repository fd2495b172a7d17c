import { useEffect } from 'react';
import { PhoneHandoffPage } from '../../features/phone-handoff/components/phone-handoff-page';

/** /continuar-no-celular: where a 'Continuar no celular' link leads the phone. */
export function HandoffPhoneRoute() {
  useEffect(() => {
    document.title = 'Continuar no celular | MediPay';
  }, []);
  return <PhoneHandoffPage />;
}
