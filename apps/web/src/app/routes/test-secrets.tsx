import { useEffect } from 'react';
import { SecretsTester } from '../../features/diagnostics/components/secrets-tester';

export function TestSecretsRoute() {
  useEffect(() => {
    document.title = 'Testar Secrets | MediPay';
  }, []);
  return (
    <main className="flex min-h-screen items-start justify-center bg-muted px-4 py-16">
      <SecretsTester />
    </main>
  );
}
