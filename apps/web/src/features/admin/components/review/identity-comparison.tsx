import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import {
  identityMessages,
  identitySourceLabels,
  normaliseDate,
  type IdentityRowAgreement,
} from '@medipay/shared/identity-comparison';
import { formatCpf } from '@medipay/shared/tax-id';

type Identity = ApplicationDetail['identity'];

/** Dates as the forms show them, CPFs masked; other values as stored. */
function shown(key: string, value: string | null | undefined): string {
  if (!value) return '—';
  if (key === 'validade') return normaliseDate(value);
  if (/cpf$/i.test(key) && /^\d{11}$/.test(value)) return formatCpf(value);
  return value;
}

function Agreement({ agreement }: { agreement: IdentityRowAgreement }) {
  if (agreement === 'sem_comparacao')
    return <span className="text-muted-foreground">Sem comparação</span>;
  if (agreement === 'divergente')
    return (
      <span className="inline-flex items-center gap-1 font-semibold text-yellow-900">
        <TriangleAlert className="size-4" aria-hidden="true" />
        Divergente
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-green-800">
      <CircleCheck className="size-4" aria-hidden="true" />
      Confere
    </span>
  );
}

/**
 * Each identity datum from every source side by side: typed by the applicant, the registry
 * (PJ), read from the document, kept by the applicant in step 3 (PF); differences in text and
 * highlighted. The sources come from the server, which compared them.
 */
export function IdentityComparisonTable({
  identity,
  caption,
}: {
  identity: Identity;
  caption: string;
}) {
  return (
    <div
      className="overflow-x-auto rounded-md focus-ring"
      role="region"
      aria-label="Comparação dos dados de identidade"
      // The region scrolls on a narrow screen: keyboard users reach it to scroll it.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="mb-2 text-left text-sm text-muted-foreground">{caption}</caption>
        <thead className="bg-muted text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Campo
            </th>
            {identity.sources.map((source) => (
              <th key={source} scope="col" className="px-3 py-2 font-semibold">
                {identitySourceLabels[source]}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-semibold">
              Resultado
            </th>
          </tr>
        </thead>
        <tbody>
          {identity.rows.map((row) => {
            const differs = row.agreement === 'divergente';
            return (
              <tr
                key={row.key}
                className={`border-t ${differs ? 'bg-yellow-50' : ''}`}
                data-differs={differs || undefined}
              >
                <th scope="row" className="px-3 py-2 font-medium">
                  {row.label}
                </th>
                {identity.sources.map((source) => (
                  <td key={source} className="px-3 py-2 [overflow-wrap:anywhere]">
                    {shown(row.key, row.values[source])}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <Agreement agreement={row.agreement} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The identity disagreements at the top of the detail page, before any decision: a document of
 * another person, data the applicant changed after the reading, a company representative who is
 * not in the registry. Nothing when the sources agree.
 */
export function IdentityFlags({ identity }: { identity: Identity }) {
  const titleId = useId();
  if (identity.flags.length === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-950"
      data-testid="identity-flags"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        {identityMessages.flagsTitle}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
        {identity.flags.map((flag) => (
          <li key={flag.code}>{flag.message}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        Compare as fontes em &lsquo;Verificação de identidade&rsquo; antes de decidir.
      </p>
    </section>
  );
}
