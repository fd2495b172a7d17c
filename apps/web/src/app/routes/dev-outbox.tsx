import { useEffect } from 'react';
import { OutboxMessages } from '../../features/dev-outbox/components/outbox-messages';
import { VerificationTrial } from '../../features/dev-outbox/components/verification-trial';

/** Local trials only: the server does not serve this page when NODE_ENV=production. */
export function DevOutboxRoute() {
  useEffect(() => {
    document.title = 'Caixa de saída | MediPay';
  }, []);
  return (
    <main className="min-h-screen bg-muted px-4 py-12">
      <div className="mx-auto max-w-3xl space-y-6">
        <h1 className="text-2xl font-bold">Caixa de saída (ambiente local)</h1>
        <VerificationTrial />
        <OutboxMessages />
      </div>
    </main>
  );
}
