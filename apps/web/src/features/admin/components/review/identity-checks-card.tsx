import { useId } from 'react';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { biometricDecisionLabels, type BiometricDecision } from '@medipay/shared/biometrics';
import { fileFieldLabels, type PfFileField } from '@medipay/shared/files';
import { Badge, type BadgeVariant } from '../../../../components/ui/badge';
import { SectionCard } from './detail-parts';
import { IdentityComparisonTable } from './identity-comparison';
import { DocumentPreview } from './pf-documents-card';
import { formatScore, sandboxOutcome } from './review-format';

type PfDetail = Extract<ApplicationDetail, { flow: 'PF' }>;

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
 * The identity data from each source side by side (typed in step 1, read from the document,
 * kept in step 3), each difference flagged with text and an icon; then the biometric check: its decision, the three
 * photos it compared side by side with the similarity of each comparison, and the liveness.
 */
export function IdentityChecksCard({ detail }: { detail: PfDetail }) {
  const { extraction, faceMatch, liveness, biometricDecision, sandbox } = detail.checks;
  const sandboxId = useId();
  return (
    <SectionCard title="Verificação de identidade" className="lg:col-span-2">
      <div className="space-y-6">
        <IdentityComparisonTable
          identity={detail.identity}
          caption={`Dados informados pelo solicitante, lidos do documento${
            extraction?.kind ? ` (${extraction.kind})` : ''
          } e confirmados por ele na etapa 3`}
        />

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
