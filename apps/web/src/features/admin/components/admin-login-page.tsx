import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  adminLoginRequestSchema,
  adminMessages,
  type AdminSessionStage,
} from '@medipay/shared/admin';
import { genericMessages } from '@medipay/shared/api-error';
import { FormField } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { textLinkClass } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { schemaResolver } from '../../../lib/schema-resolver';
import { hasServerMessage } from '../api/admin-errors';
import { useAdminSessionQuery } from '../api/get-session';
import { useLogin } from '../api/login';
import { adminKeys } from '../api/query-keys';
import { adminTitle, useDocumentTitle } from '../hooks/use-document-title';
import { useLogoutAction } from '../hooks/use-logout-action';
import { FormAlert } from './form-alert';
import { returnPath } from './login-redirect';
import { SecondFactorForm } from './second-factor-form';
import { TotpEnrolment } from './totp-enrolment';

type Values = { credential: string; password: string };

/** A 200 whose body is not a session (the spec's wording). */
const invalidResponse = 'Resposta inválida do servidor';

/** What the server refused, in its words when it sent them. */
const refusals: Record<number, string> = {
  400: adminMessages.invalidCredentials,
  401: adminMessages.invalidCredentials,
  403: adminMessages.accessDenied,
  429: genericMessages.rateLimited,
};

/**
 * The alert of a failed login (back-office.md section 8): the server's message; for a refusal
 * without one, the refusal's own text, else 'Erro ao fazer login'; 'try again' when the server
 * was not reached or failed (5xx); 'Resposta inválida do servidor' for a 2xx that is no session.
 */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const refusal = refusals[error.status];
    if (refusal) return hasServerMessage(error) ? error.message : refusal;
    if (error.status >= 400 && error.status < 500) {
      return hasServerMessage(error) ? error.message : adminMessages.loginRefused;
    }
  }
  if (error instanceof z.ZodError) return invalidResponse;
  return adminMessages.loginFailed;
}

/**
 * The back office's login: username or e-mail and password, then the second factor when the
 * account has one (or its enrolment when the installation requires one); an open session
 * skips it.
 */
export function AdminLoginPage() {
  useDocumentTitle(adminTitle('Entrar'));
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useAdminSessionQuery();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: schemaResolver<Values>(adminLoginRequestSchema),
    defaultValues: { credential: '', password: '' },
  });
  const { errors } = form.formState;

  // Already logged in, or just logged in: on to the page the admin wanted.
  if (session.data?.stage === 'complete') {
    return <Navigate to={returnPath(location.state)} replace />;
  }
  if (session.data) {
    return (
      <LoginFrame title={adminMessages.secondFactorTitle}>
        <SecondStep stage={session.data.stage} />
      </LoginFrame>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const info = await login.mutateAsync(adminLoginRequestSchema.parse(values));
      if (info.stage === 'complete') toast.success(adminMessages.loginSucceeded);
      queryClient.setQueryData(adminKeys.session, info);
    } catch (error) {
      const message = loginFailureMessage(error);
      if (
        message === adminMessages.loginFailed ||
        message === adminMessages.loginRefused ||
        message === invalidResponse
      ) {
        console.warn('Erro ao fazer login:', error);
      }
      setFailure(message);
    }
  });

  return (
    <LoginFrame description="Acesso exclusivo para administradores autorizados.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <FormAlert>{failure}</FormAlert>}
        <FormField label="Usuário ou e-mail" error={errors.credential?.message}>
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('credential')}
          />
        </FormField>
        <FormField label="Senha" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
    </LoginFrame>
  );
}

/** The login's card, under its heading, with the way back to the home page. */
function LoginFrame({
  title,
  description,
  children,
}: {
  title?: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <main
      id="conteudo"
      className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted px-4 py-10"
    >
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="rounded-full bg-primary-soft p-3 text-primary">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold">Painel Administrativo</h1>
          {title && <h2 className="text-lg font-semibold">{title}</h2>}
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      <Link to={paths.home} className={textLinkClass}>
        Voltar para a página inicial
      </Link>
    </main>
  );
}

/**
 * After a right password: the code of the enrolled authenticator, or the enrolment the
 * installation requires; 'Sair' ends the unfinished login.
 */
function SecondStep({ stage }: { stage: Exclude<AdminSessionStage, 'complete'> }) {
  const queryClient = useQueryClient();
  const { logout, loggingOut } = useLogoutAction();
  const sessionEnded = () => queryClient.setQueryData(adminKeys.session, null);
  return (
    <div className="space-y-4">
      {stage === 'second_factor' ? (
        <SecondFactorForm />
      ) : (
        <>
          <p className="text-sm">{adminMessages.enrolmentRequired}</p>
          <TotpEnrolment
            onDone={() => void queryClient.invalidateQueries({ queryKey: adminKeys.session })}
            onSessionEnded={sessionEnded}
          />
        </>
      )}
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={logout}
        disabled={loggingOut}
      >
        Sair
      </Button>
    </div>
  );
}
