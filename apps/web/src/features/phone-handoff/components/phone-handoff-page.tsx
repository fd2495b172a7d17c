import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { biometricDecisionAccepted } from '@medipay/shared/biometrics';
import type { HandoffHint } from '@medipay/shared/handoff';
import {
  BiometricCheck,
  emptyBiometrics,
  type BiometricsValue,
} from '../../../components/biometrics/biometric-check';
import {
  BiometricsEndpointsContext,
  phoneEndpoints,
} from '../../../components/biometrics/biometrics-endpoints';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { isHandoffGone, usePhoneHandoff } from '../api/get-phone-handoff';

/** Whose application this is, by the masked parts the server sent. */
function Hint({ hint }: { hint: HandoffHint }) {
  const rows = [
    ['Nome', hint.firstName],
    ['CPF', hint.cpf],
    ['E-mail', hint.email],
  ].filter((row): row is [string, string] => row[1] !== null);
  return (
    <div className="space-y-2 rounded-md border bg-muted p-4 text-sm">
      {rows.length > 0 ? (
        <>
          <p className="font-medium">Você está continuando o cadastro de:</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {rows.map(([label, text]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-mono">{text}</dd>
              </div>
            ))}
          </dl>
          <p>Confira se estes dados são seus. Se não forem, não continue: feche esta página.</p>
        </>
      ) : (
        <p>
          Este cadastro ainda não tem nome nem CPF informados. Continue somente se foi você quem
          gerou o QR code no seu computador.
        </p>
      )}
    </div>
  );
}

/**
 * The phone's page of 'Continuar no celular': the masked hint of whose application it is, the
 * selfie step against the phone's own API, and, once the check passed, back to the computer.
 */
export function PhoneHandoffPage() {
  const navigate = useNavigate();
  const handoff = usePhoneHandoff();
  const [biometrics, setBiometrics] = useState<BiometricsValue>(emptyBiometrics);
  const gone = handoff.isError && isHandoffGone(handoff.error);
  const finished =
    biometrics.result !== null && biometricDecisionAccepted(biometrics.result.decision);

  useEffect(() => {
    if (gone) void navigate(paths.handoffExpired, { replace: true });
  }, [gone, navigate]);

  return (
    <main className="flex min-h-screen justify-center bg-muted px-4 py-10">
      <Card className="w-full max-w-lg self-start">
        <CardHeader>
          <h1 className="text-xl font-semibold">Verificação de identidade no celular</h1>
          <CardDescription>
            Neste celular você faz apenas a verificação de identidade: a selfie e a selfie com
            documento. O restante do cadastro continua no computador.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {handoff.isPending && (
            <p role="status" className="flex items-center gap-2 text-sm">
              <Spinner className="size-4" /> Carregando...
            </p>
          )}
          {handoff.isError && !gone && (
            <div className="space-y-3">
              <p role="alert" className="text-sm font-medium text-red-800">
                Não foi possível abrir a verificação. Tente novamente.
              </p>
              <Button type="button" variant="outline" onClick={() => void handoff.refetch()}>
                Tentar novamente
              </Button>
            </div>
          )}
          {handoff.data && !finished && (
            <>
              <Hint hint={handoff.data.hint} />
              <BiometricsEndpointsContext.Provider value={phoneEndpoints}>
                <BiometricCheck value={biometrics} onChange={setBiometrics} />
              </BiometricsEndpointsContext.Provider>
            </>
          )}
          {finished && (
            <div
              role="status"
              className="space-y-2 rounded-md border border-green-300 bg-green-50 p-4"
            >
              <p className="font-semibold text-green-900">Verificação concluída</p>
              <p className="text-sm text-green-900">
                Volte ao computador para continuar o cadastro. Você já pode fechar esta página.
              </p>
            </div>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
