import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useId } from 'react';
import { toast } from 'sonner';
import { adminMessages } from '@medipay/shared/admin';
import { formatDateTime } from '@medipay/shared/dates';
import type { ScreeningListView } from '@medipay/shared/screening';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { isUnauthorized } from '../api/admin-errors';
import { useScreeningLists } from '../api/get-screening-lists';
import { adminTitle, useDocumentTitle } from '../hooks/use-document-title';
import { formatCount } from './format';
import { LoadError } from './load-error';
import { publishingRhythm, staleWarning } from './screening-format';

/** One list: its version in force, when and by whom it was imported, and whether it is out of date. */
function ListCard({ list }: { list: ScreeningListView }) {
  const headingId = useId();
  const { current } = list;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 pb-4">
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          {list.label}
        </h2>
        {list.stale ? (
          <Badge variant="warning">Desatualizada</Badge>
        ) : (
          <Badge variant="success">
            <CircleCheck className="size-3" aria-hidden="true" />
            Em dia
          </Badge>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {list.stale && (
          <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {staleWarning(list)}
          </p>
        )}
        {current ? (
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {[
              { label: 'Versão', value: String(current.version) },
              { label: 'Registros', value: formatCount(current.rowCount) },
              { label: 'Arquivo', value: current.fileName },
              { label: 'Importada em', value: formatDateTime(current.importedAt) },
              { label: 'Importada por', value: current.importedBy },
              {
                label: 'Nova triagem dos cadastros',
                value: current.rescreenedAt
                  ? `Concluída em ${formatDateTime(current.rescreenedAt)}`
                  : 'Em andamento',
              },
            ].map(({ label, value }) => (
              <div key={label} className="min-w-0">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium break-words">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">Nenhuma versão importada.</p>
        )}
        <p className="text-xs text-muted-foreground">
          Publicada {publishingRhythm(list.maxAgeDays)}.
        </p>
      </CardContent>
    </Card>
  );
}

/**
 * 'Listas de triagem' (issue 24, item 1): the PEP list of the CGU, CEIS, CNEP and the UN Security
 * Council sanctions, each with its version in force, and a warning on those older than their
 * publishing rhythm. The lists are imported offline, with `npm run screening -- import`.
 */
export function ScreeningListsPage() {
  useDocumentTitle(adminTitle('Listas de triagem'));
  const lists = useScreeningLists();
  const { error } = lists;

  useEffect(() => {
    if (!error || isUnauthorized(error)) return;
    console.warn('Erro ao carregar as listas de triagem:', error);
    toast.error(adminMessages.loadFailedTitle, { description: adminMessages.loadFailed });
  }, [error]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Listas de triagem</h1>
        <p className="text-muted-foreground">
          Listas oficiais de pessoas expostas politicamente e de sanções usadas na triagem dos
          cadastros. Cada nova versão é importada pela linha de comando e todos os cadastros em
          análise ou aprovados passam por nova triagem.
        </p>
      </div>
      {lists.data ? (
        <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
          {lists.data.lists.map((list) => (
            <ListCard key={list.list} list={list} />
          ))}
        </div>
      ) : lists.isError ? (
        <LoadError onRetry={() => void lists.refetch()} retrying={lists.isFetching} />
      ) : (
        <div className="flex justify-center py-12">
          <Spinner className="text-primary" label="Carregando as listas..." />
        </div>
      )}
    </div>
  );
}
