import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { SectionCard } from './detail-parts';
import { formatScore } from './review-format';

type PfDetail = Extract<ApplicationDetail, { flow: 'PF' }>;
type Extracted = NonNullable<PfDetail['checks']['extraction']>['fields'];

/** Upper case, no accents, one space between words. */
function normaliseText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters and digits only (document numbers: dots and dashes do not count). */
const normaliseCode = (value: string) => normaliseText(value).replace(/[^0-9A-Z]/g, '');

/** A date as `dd/MM/yyyy`, from that form or from `yyyy-MM-dd`. */
function normaliseDate(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value.trim();
}

const rows: readonly {
  key: keyof Extracted;
  label: string;
  typed: keyof PfDetail['values'];
  normalise: (value: string) => string;
}[] = [
  { key: 'nome', label: 'Nome', typed: 'docIdentidadeNome', normalise: normaliseText },
  { key: 'numero', label: 'Número', typed: 'docIdentidadeNumero', normalise: normaliseCode },
  { key: 'orgao', label: 'Órgão emissor', typed: 'docIdentidadeOrgao', normalise: normaliseCode },
  { key: 'uf', label: 'UF', typed: 'docIdentidadeUf', normalise: normaliseCode },
  {
    key: 'validade',
    label: 'Validade',
    typed: 'docIdentidadeValidade',
    normalise: (value) => normaliseDate(value),
  },
];

/**
 * The identity document's data as read by the OCR next to what the applicant typed, each
 * difference flagged with text and an icon; then the face checks as percentages.
 */
export function IdentityChecksCard({ detail }: { detail: PfDetail }) {
  const { extraction, faceMatch, liveness } = detail.checks;
  const values = detail.values;
  return (
    <SectionCard title="Verificação de identidade" className="lg:col-span-2">
      <div className="space-y-6">
        <div
          className="overflow-x-auto rounded-md focus-ring"
          role="region"
          aria-label="Comparação dos dados do documento"
          // The region scrolls on a narrow screen: keyboard users reach it to scroll it.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="mb-2 text-left text-sm text-muted-foreground">
              Dados informados pelo solicitante e dados extraídos do documento
              {extraction?.kind ? ` (${extraction.kind})` : ''}
            </caption>
            <thead className="bg-muted text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Campo
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Informado
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Extraído do documento
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Resultado
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const typedValue = values[row.typed];
                const typed = typeof typedValue === 'string' ? typedValue : '';
                const extracted = extraction?.fields[row.key]?.value ?? null;
                const compared = Boolean(typed && extracted);
                const differs = compared && row.normalise(typed) !== row.normalise(extracted ?? '');
                return (
                  <tr
                    key={row.key}
                    className={`border-t ${differs ? 'bg-yellow-50' : ''}`}
                    data-differs={differs || undefined}
                  >
                    <th scope="row" className="px-3 py-2 font-medium">
                      {row.label}
                    </th>
                    <td className="px-3 py-2 break-words">{typed || '—'}</td>
                    <td className="px-3 py-2 break-words">{extracted ?? '—'}</td>
                    <td className="px-3 py-2">
                      {!compared ? (
                        <span className="text-muted-foreground">Sem comparação</span>
                      ) : differs ? (
                        <span className="inline-flex items-center gap-1 font-semibold text-yellow-900">
                          <TriangleAlert className="size-4" aria-hidden="true" />
                          Divergente
                        </span>
                      ) : (
                        <span className="inline-flex items-center gap-1 text-green-800">
                          <CircleCheck className="size-4" aria-hidden="true" />
                          Confere
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>

        <div>
          <h3 className="mb-3 text-sm font-semibold">Biometria</h3>
          <dl className="grid gap-4 sm:grid-cols-3">
            <div className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">Selfie × selfie com documento</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {formatScore(faceMatch?.selfieDoc)}
              </dd>
            </div>
            <div className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">Selfie × foto do documento</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {formatScore(faceMatch?.documentPhoto)}
              </dd>
            </div>
            <div className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">Confiança do liveness</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {formatScore(liveness?.confidence)}
              </dd>
              <dd className="text-sm">
                {liveness ? (liveness.passed ? 'Aprovado' : 'Não aprovado') : 'Não realizado'}
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </SectionCard>
  );
}
