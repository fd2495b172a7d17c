import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { biometricDecisionLabels, type BiometricDecision } from '@medipay/shared/biometrics';
import { fileFieldLabels, type PfFileField } from '@medipay/shared/files';
import { Badge, type BadgeVariant } from '../../../../components/ui/badge';
import { SectionCard } from './detail-parts';
import { DocumentPreview } from './pf-documents-card';
import { formatScore, sandboxOutcome } from './review-format';

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

const decisionTones: Record<BiometricDecision, BadgeVariant> = {
  aprovado: 'success',
  em_revisao: 'warning',
  reprovado: 'destructive',
};

/** The photos the face match compared, each with the similarity of its comparison. */
const comparedPhotos: readonly {
  field: PfFileField;
  comparison: { label: string; score: 'selfieDoc' | 'documentPhoto' } | null;
}[] = [
  { field: 'selfie', comparison: null },
  {
    field: 'selfieDoc',
    comparison: { label: 'Selfie × selfie com documento', score: 'selfieDoc' },
  },
  {
    field: 'docIdentidadeFrente',
    comparison: { label: 'Selfie × documento', score: 'documentPhoto' },
  },
];

function ComparedPhoto({
  detail,
  field,
  comparison,
}: {
  detail: PfDetail;
  field: PfFileField;
  comparison: (typeof comparedPhotos)[number]['comparison'];
}) {
  const labelId = useId();
  const label = fileFieldLabels[field];
  const current =
    detail.documents.find((document) => document.field === field)?.current ??
    detail.values[field] ??
    null;
  const score = comparison ? detail.checks.faceMatch?.[comparison.score] : undefined;
  const sandbox = detail.checks.sandbox === true && score != null;
  return (
    <li className="min-w-0">
      <figure className="space-y-2">
        <DocumentPreview document={current} label={label} labelId={labelId} />
        <figcaption id={labelId} className="text-sm">
          <span className="font-medium">{label}</span>
          <br />
          {comparison ? (
            <>
              {comparison.label}:{' '}
              <span className="font-semibold tabular-nums">{formatScore(score)}</span>
              {sandbox && sandboxOutcome.suffix}
            </>
          ) : (
            <span className="text-muted-foreground">Referência das comparações</span>
          )}
        </figcaption>
      </figure>
    </li>
  );
}

/**
 * The identity document's data as read by the OCR next to what the applicant typed, each
 * difference flagged with text and an icon; then the biometric check: its decision, the three
 * photos it compared side by side with the similarity of each comparison, and the liveness.
 */
export function IdentityChecksCard({ detail }: { detail: PfDetail }) {
  const { extraction, faceMatch, liveness, biometricDecision, sandbox } = detail.checks;
  const sandboxId = useId();
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
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-semibold">Biometria</h3>
            {biometricDecision ? (
              <Badge
                variant={decisionTones[biometricDecision]}
                data-testid="biometric-decision"
                aria-describedby={sandbox ? sandboxId : undefined}
              >
                {biometricDecisionLabels[biometricDecision]}
              </Badge>
            ) : (
              <span className="text-sm text-muted-foreground">Não realizada</span>
            )}
            {sandbox && (
              <Badge variant="outline" className="border-sky-300 bg-sky-50 text-sky-900">
                {sandboxOutcome.badge}
              </Badge>
            )}
          </div>
          {sandbox && (
            <p id={sandboxId} className="mb-3 text-sm text-sky-900">
              {sandboxOutcome.explanation}
            </p>
          )}
          {biometricDecision === 'em_revisao' && (
            <p className="mb-3 text-sm">
              A semelhança entre os rostos ficou na faixa de dúvida: compare as três fotos antes de
              decidir.
            </p>
          )}
          {(biometricDecision || faceMatch) && (
            <ul aria-label="Fotos comparadas" className="mb-4 grid gap-4 sm:grid-cols-3">
              {comparedPhotos.map(({ field, comparison }) => (
                <ComparedPhoto key={field} detail={detail} field={field} comparison={comparison} />
              ))}
            </ul>
          )}
          <dl className="grid gap-4 sm:grid-cols-3">
            <div className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">Confiança do liveness</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {formatScore(liveness?.confidence)}
              </dd>
              <dd className="text-sm">
                {liveness ? (liveness.passed ? 'Aprovado' : 'Não aprovado') : 'Não realizado'}
                {liveness && sandbox && sandboxOutcome.suffix}
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </SectionCard>
  );
}
