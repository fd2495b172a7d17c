import { useEffect } from 'react';
import { PublicLayout } from '../../components/layouts/public-layout';
import { SecurityOverview } from '../../features/legal/components/security-overview';

export const securityTitle = 'Segurança e Compliance | MediPay';

/** /seguranca: security and compliance (public, lazy chunk). */
export function SecurityRoute() {
  useEffect(() => {
    document.title = securityTitle;
  }, []);

  return (
    <PublicLayout>
      <SecurityOverview />
    </PublicLayout>
  );
}
