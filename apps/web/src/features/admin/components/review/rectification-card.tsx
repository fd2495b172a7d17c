import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import type { ApplicationDetail } from '@medipay/shared/admin-review';
import { formatDateTime } from '@medipay/shared/dates';
import type { UploadedDocument } from '@medipay/shared/documents';
import { fileFieldLabel } from '@medipay/shared/files';
import type { ClientInteraction } from '@medipay/shared/rectification';
import { textLinkClass } from '../../../../components/ui/text-link';
import { SectionCard } from './detail-parts';
import { ImageDocument } from './document-viewer';
import { isPdf, PdfDocument } from './pf-documents-card';

type Documents = ApplicationDetail['documents'];

const documentIdPattern = /\/api\/documents\/([^/?#]+)/;

/**
 * The document an interaction's URL (`/api/documents/<id>`) points to, found among the
 * application's versions (the field's own first), so its type decides how it is shown.
 */
function findDocument(
  documents: Documents,
  field: string | null,
  url: string,
): UploadedDocument | null {
  const id = documentIdPattern.exec(url)?.[1];
  if (!id) return null;
  const own = documents.filter((entry) => entry.field === field);
  const others = documents.filter((entry) => entry.field !== field);
  for (const entry of [...own, ...others]) {
    const version = entry.versions.find((candidate) => candidate.id === id);
    if (version) return version;
  }
  return null;
}

function VersionView({
  title,
  label,
  url,
  documents,
  field,
}: {
  title: string;
  label: string;
  url: string | null;
  documents: Documents;
  field: string | null;
}) {
  const titleId = useId();
  const document = url ? findDocument(documents, field, url) : null;
  return (
    <div className="min-w-0 space-y-2">
      <p id={titleId} className="text-xs font-semibold text-muted-foreground">
        {title}
      </p>
      {!url ? (
        <p className="flex h-40 items-center justify-center rounded-md border border-dashed text-center text-sm text-muted-foreground">
          Não enviado
        </p>
      ) : !document ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={titleId}
          className={`inline-flex items-center gap-1 text-sm ${textLinkClass}`}
        >
          Abrir documento
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
      ) : isPdf(document) ? (
        <PdfDocument document={document} labelId={titleId} />
      ) : (
        <ImageDocument label={`${label} (${title.toLowerCase()})`} document={document} />
      )}
    </div>
  );
}

function DocumentUpdate({
  interaction,
  documents,
}: {
  interaction: ClientInteraction;
  documents: Documents;
}) {
  const label = interaction.documentType ? fileFieldLabel(interaction.documentType) : 'Documento';
  return (
    <li className="min-w-0 rounded-md border p-3">
      <h4 className="text-sm font-semibold">{label}</h4>
      <p className="mb-3 text-xs text-muted-foreground">
        Substituído em{' '}
        <time dateTime={interaction.createdAt}>{formatDateTime(interaction.createdAt)}</time>
      </p>
      <div className="grid grid-cols-2 gap-3">
        <VersionView
          title="Versão anterior"
          label={label}
          url={interaction.oldDocumentUrl}
          documents={documents}
          field={interaction.documentType}
        />
        <VersionView
          title="Nova versão"
          label={label}
          url={interaction.newDocumentUrl}
          documents={documents}
          field={interaction.documentType}
        />
      </div>
    </li>
  );
}

/**
 * 'Retificação do solicitante': what the applicant did on the rectification page: the latest
 * justification, each replaced document with its previous and new version, and the log.
 */
export function RectificationCard({ detail }: { detail: ApplicationDetail }) {
  const { interactions, documents } = detail;
  if (interactions.length === 0) return null;
  const justification = interactions.findLast(
    (entry) => entry.actionType === 'JUSTIFICATION_SENT' && entry.justification,
  )?.justification;
  const updates = interactions.filter((entry) => entry.actionType === 'DOCUMENT_UPDATE');

  return (
    <SectionCard title="Retificação do solicitante">
      <div className="space-y-6">
        <section className="space-y-1">
          <h3 className="text-sm font-semibold">Justificativa</h3>
          {justification ? (
            <p className="whitespace-pre-line break-words">{justification}</p>
          ) : (
            <p className="text-sm text-muted-foreground">Nenhuma justificativa enviada.</p>
          )}
        </section>

        {updates.length > 0 && (
          <section className="space-y-2">
            <h3 className="text-sm font-semibold">Documentos substituídos</h3>
            <ul className="grid gap-4 lg:grid-cols-2">
              {updates.map((interaction, index) => (
                <DocumentUpdate
                  key={`${interaction.createdAt}-${index}`}
                  interaction={interaction}
                  documents={documents}
                />
              ))}
            </ul>
          </section>
        )}

        <section className="space-y-2">
          <h3 className="text-sm font-semibold">Registro de interações</h3>
          <ol className="divide-y text-sm">
            {interactions.map((interaction, index) => (
              <li
                key={`${interaction.createdAt}-${index}`}
                className="flex flex-wrap gap-x-2 py-2 first:pt-0 last:pb-0"
              >
                <time dateTime={interaction.createdAt} className="text-muted-foreground">
                  {formatDateTime(interaction.createdAt)}
                </time>
                <span className="font-medium">{interaction.description}</span>
                {interaction.documentType && (
                  <span className="text-muted-foreground">
                    ({fileFieldLabel(interaction.documentType)})
                  </span>
                )}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </SectionCard>
  );
}
