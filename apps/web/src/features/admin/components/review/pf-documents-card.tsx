import { BadgeCheck, FileText } from 'lucide-react';
import { useId } from 'react';
import { reviewMessages, type ApplicationDetail } from '@medipay/shared/admin-review';
import type { UploadedDocument } from '@medipay/shared/documents';
import { fileFieldLabels, type PfFileField } from '@medipay/shared/files';
import { docProfissionalOptions, labelOf, ufOptions } from '@medipay/shared/options';
import { Badge } from '../../../../components/ui/badge';
import { buttonVariants } from '../../../../components/ui/button';
import { InfoList, SectionCard } from './detail-parts';
import { DocumentReviewControls } from './document-review-controls';
import { DocumentVersions } from './document-versions';
import { ImageDocument } from './document-viewer';
import { sandboxOutcome } from './review-format';

type PfDetail = Extract<ApplicationDetail, { flow: 'PF' }>;

const pfDocumentOrder: readonly PfFileField[] = [
  'docIdentidadeFrente',
  'docIdentidadeVerso',
  'comprovanteResidencia',
  'selfie',
  'selfieDoc',
];

export const isPdf = (document: UploadedDocument) => document.type === 'application/pdf';

/** A PDF document: an icon and 'Abrir PDF' (new tab), described by the element `labelId`. */
export function PdfDocument({
  document,
  labelId,
}: {
  document: UploadedDocument;
  labelId: string;
}) {
  return (
    <div className="flex h-40 flex-col items-center justify-center gap-3 rounded-md border bg-muted">
      <FileText className="size-10 text-muted-foreground" aria-hidden="true" />
      <a
        href={document.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={labelId}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        {reviewMessages.openPdf}
      </a>
    </div>
  );
}

/** A document as the detail shows it: 'Não enviado', a PDF to open, or an image to enlarge. */
export function DocumentPreview({
  document,
  label,
  labelId,
}: {
  document: UploadedDocument | null;
  label: string;
  labelId: string;
}) {
  if (!document)
    return (
      <p className="flex h-40 items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
        Não enviado
      </p>
    );
  if (isPdf(document)) return <PdfDocument document={document} labelId={labelId} />;
  return <ImageDocument label={label} document={document} />;
}

function DocumentTile({ detail, field }: { detail: PfDetail; field: PfFileField }) {
  const labelId = useId();
  const label = fileFieldLabels[field];
  const entry = detail.documents.find((document) => document.field === field);
  const current = entry?.current ?? detail.values[field] ?? null;
  const livenessPassed = field === 'selfie' && detail.checks.liveness?.passed === true;
  return (
    <li className="min-w-0">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 id={labelId} className="text-sm font-semibold">
          {label}
        </h3>
        {livenessPassed && (
          <Badge variant="success">
            <BadgeCheck className="size-3" aria-hidden="true" />
            {reviewMessages.livenessApproved}
          </Badge>
        )}
        {livenessPassed && detail.checks.sandbox === true && (
          <Badge variant="outline" className="border-sky-300 bg-sky-50 text-sky-900">
            {sandboxOutcome.badge}
          </Badge>
        )}
      </div>
      <DocumentPreview document={current} label={label} labelId={labelId} />
      <DocumentReviewControls detail={detail} document={entry} labelId={labelId} />
      <DocumentVersions document={entry} />
    </li>
  );
}

/** 'Documentos': the identity document, proof of residence, selfies and the professional one. */
export function PfDocumentsCard({ detail }: { detail: PfDetail }) {
  const { values } = detail;
  return (
    <SectionCard title="Documentos" className="lg:col-span-2">
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {pfDocumentOrder.map((field) => (
          <DocumentTile key={field} detail={detail} field={field} />
        ))}
      </ul>
      <div className="mt-6 border-t pt-4">
        <h3 className="mb-3 text-sm font-semibold">Documento profissional</h3>
        <InfoList
          items={[
            {
              label: 'Tipo',
              value: values.docProfissionalTipo
                ? labelOf(docProfissionalOptions, values.docProfissionalTipo)
                : '',
            },
            { label: 'Número', value: values.docProfissionalNumero },
            { label: 'Órgão emissor', value: values.docProfissionalOrgaoEmissor },
            {
              label: 'UF',
              value: values.docProfissionalUf ? labelOf(ufOptions, values.docProfissionalUf) : '',
            },
          ]}
        />
      </div>
    </SectionCard>
  );
}
