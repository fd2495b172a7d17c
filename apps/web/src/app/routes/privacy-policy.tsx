import { useEffect } from 'react';
import { PublicLayout } from '../../components/layouts/public-layout';
import { PrivacyPolicy } from '../../features/legal/components/privacy-policy';

export const privacyPolicyTitle = 'Política de Privacidade | MediPay';

/** /politica-privacidade: the privacy policy (public, lazy chunk). */
export function PrivacyPolicyRoute() {
  useEffect(() => {
    document.title = privacyPolicyTitle;
  }, []);

  return (
    <PublicLayout>
      <PrivacyPolicy />
    </PublicLayout>
  );
}
