import { useEffect } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { textLinkClass } from '../../components/ui/text-link';

/** Where a spent or expired link to continue an application on another device leads. */
export function HandoffExpiredRoute() {
  useEffect(() => {
    document.title = 'Link expirado | MediPay';
  }, []);
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-16">
      <Card className="max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold">Link expirado ou já utilizado</h1>
          <CardDescription>
            Por segurança, o link para continuar o cadastro no celular vale por 10 minutos e pode
            ser usado uma única vez.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          <p>
            Volte ao aparelho em que começou o cadastro e escolha &quot;Continuar no celular&quot;
            para gerar um novo QR code.
          </p>
          <Link to={paths.home} className={textLinkClass}>
            Voltar para a página inicial
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
