import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { useTestSecrets } from '../api/get-secrets-status';

/** Asks the server which integrations are configured; values never leave the server. */
export function SecretsTester() {
  const testSecrets = useTestSecrets();

  function run() {
    testSecrets.mutate(undefined, {
      onError: (error) => {
        console.error('Erro ao testar secrets:', error);
        toast.error('Erro ao testar secrets', {
          description: 'Erro ao testar secrets. Veja o console.',
        });
      },
    });
  }

  return (
    <Card className="w-full max-w-2xl">
      <CardHeader>
        <h1 className="text-lg font-semibold leading-tight">Teste de Secrets</h1>
        <CardDescription>
          Mostra quais integrações estão configuradas neste servidor (verdadeiro ou falso). Nenhum
          valor é exibido.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button onClick={run} disabled={testSecrets.isPending}>
          {testSecrets.isPending ? 'Testando...' : 'Testar Secrets'}
        </Button>
        {testSecrets.data && (
          <pre
            aria-label="Resultado"
            className="overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-100"
          >
            {JSON.stringify(testSecrets.data, null, 2)}
          </pre>
        )}
      </CardContent>
    </Card>
  );
}
