import { CircleCheck, SearchX, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { statusPagePath } from '@medipay/shared/application-status';
import { rectificationMessages as m } from '@medipay/shared/rectification';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { isAlreadySent, isNotFound, useRectificationPage } from '../api/get-rectification';
import { REDIRECT_DELAY_MS, RectificationForm } from './rectification-form';
import { useFocusOnShow } from '../../../lib/use-focus-on-show';

const TOKEN_PARAM = 'token';

const icons = {
  notFound: <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />,
  error: <TriangleAlert className="size-8 text-red-800" aria-hidden="true" />,
  sent: <CircleCheck className="size-8 text-green-700" aria-hidden="true" />,
};

/**
 * A card in place of the form: not found, corrections already sent (with the way to the status
 * page), or a load failure before going home.
 */
function MessageCard({
  title,
  description,
  tone,
}: {
  title: string;
  description: string;
  tone: keyof typeof icons;
}) {
  const heading = useFocusOnShow<HTMLHeadingElement>();
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeader className="items-center">
        {icons[tone]}
        <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {title}
        </h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-2">
        {tone === 'sent' && (
          <Link to={statusPagePath} className={buttonVariants({})}>
            Acompanhar status
          </Link>
        )}
        <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
          Voltar para a página inicial
        </Link>
      </CardContent>
    </Card>
  );
}

/**
 * /retificar-documentos?token=...: opens the page with the e-mail's token, then takes the token
 * out of the address bar (and the history); a reload reads the page with the cookie instead.
 * Without a token and without a live cookie the applicant goes home.
 */
export function RectificationPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const urlToken = searchParams.get(TOKEN_PARAM)?.trim() || null;
  // The token outlives its removal from the URL; a new link opened in this tab replaces it.
  const [token, setToken] = useState(urlToken);
  if (urlToken && urlToken !== token) setToken(urlToken);

  const query = useRectificationPage(token);
  const { error, isPending } = query;
  const failed = Boolean(error) && !isNotFound(error) && !isAlreadySent(error);

  // Once the token has been used (whatever the answer), it leaves the address bar.
  useEffect(() => {
    if (isPending || !urlToken) return;
    const search = new URLSearchParams(location.search);
    search.delete(TOKEN_PARAM);
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true },
    );
  }, [isPending, urlToken, location.pathname, location.search, location.hash, navigate]);

  // A failure other than 'not found': 'Erro', then home once the toast could be read.
  useEffect(() => {
    if (!failed) return;
    console.warn('Erro ao carregar a retificação:', error);
    toast.error(m.errorTitle, { id: 'rectification-load', description: m.loadFailed });
    const timer = setTimeout(() => void navigate(paths.home, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [failed, error, navigate]);

  if (query.data) return <RectificationForm page={query.data} />;
  if (isAlreadySent(error)) {
    return (
      <MessageCard tone="sent" title={m.alreadySentTitle} description={m.alreadySentDescription} />
    );
  }
  if (isNotFound(error)) {
    // Without a token there was only the cookie to try: nothing here for this visitor.
    if (!token) return <Navigate to={paths.home} replace />;
    return (
      <MessageCard tone="notFound" title={m.notFoundTitle} description={m.notFoundDescription} />
    );
  }
  if (failed) return <MessageCard tone="error" title={m.errorTitle} description={m.loadFailed} />;
  return (
    <div className="flex justify-center py-24">
      <Spinner className="text-primary" label="Carregando o cadastro..." />
    </div>
  );
}
