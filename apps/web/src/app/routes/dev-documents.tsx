import { useEffect } from 'react';
import { UploadTrial } from '../../features/dev-documents/components/upload-trial';

/** Local trials only: the server does not serve this page when NODE_ENV=production. */
export function DevDocumentsRoute() {
  useEffect(() => {
    document.title = 'Envio de documentos | MediPay';
  }, []);
  return (
    <main className="min-h-screen bg-muted px-4 py-12">
      <div className="mx-auto max-w-3xl space-y-6">
        <h1 className="text-2xl font-bold">Envio de documentos (ambiente local)</h1>
        <UploadTrial />
      </div>
    </main>
  );
}
