import { useEffect } from 'react';
import { LookupTrial } from '../../features/dev-lookups/components/lookup-trial';

/** Local trials only: the server does not serve this page when NODE_ENV=production. */
export function DevLookupsRoute() {
  useEffect(() => {
    document.title = 'Consultas de CEP e CNPJ | MediPay';
  }, []);
  return (
    <main className="min-h-screen bg-muted px-4 py-12">
      <div className="mx-auto max-w-3xl space-y-6">
        <h1 className="text-2xl font-bold">Consultas de CEP e CNPJ (ambiente local)</h1>
        <LookupTrial />
      </div>
    </main>
  );
}
