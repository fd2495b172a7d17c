import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminMessages, adminRoleLabels } from '@medipay/shared/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { adminKeys } from '../api/query-keys';
import { useAdminSession } from '../hooks/admin-session-context';
import { adminTitle, useDocumentTitle } from '../hooks/use-document-title';
import { TotpEnrolment } from './totp-enrolment';

/** 'Minha conta': who is logged in, and the enrolment of an authenticator app. */
export function AdminAccountPage() {
  useDocumentTitle(adminTitle('Minha conta'));
  const { user } = useAdminSession();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [enrolling, setEnrolling] = useState(false);

  const enrolled = () => {
    setEnrolling(false);
    void queryClient.invalidateQueries({ queryKey: adminKeys.session });
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Minha conta</h1>
        <p className="text-muted-foreground">
          {user.name} ({user.email}) · {adminRoleLabels[user.role]}
        </p>
      </div>
      <Card role="region" aria-labelledby={headingId}>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 pb-4">
          <h2 id={headingId} className="text-lg font-semibold leading-tight">
            {adminMessages.secondFactorTitle}
          </h2>
          <Badge variant={user.secondFactor ? 'success' : 'secondary'}>
            {user.secondFactor ? 'Ativa' : 'Não ativada'}
          </Badge>
        </CardHeader>
        <CardContent className="space-y-4">
          {user.secondFactor ? (
            <p className="text-sm">
              Cada login pede, depois da senha, o código do seu aplicativo autenticador. Para trocar
              de aplicativo ou se perder os códigos de recuperação, peça a um administrador master
              que redefina a verificação em duas etapas da sua conta.
            </p>
          ) : enrolling ? (
            <TotpEnrolment onDone={enrolled} />
          ) : (
            <>
              <p className="text-sm">
                Proteja a sua conta: além da senha, cada login pedirá o código de um aplicativo
                autenticador no seu celular.
              </p>
              <Button type="button" onClick={() => setEnrolling(true)}>
                Ativar verificação em duas etapas
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
