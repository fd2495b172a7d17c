import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { reviewMessages } from '@medipay/shared/admin-review';
import { fileFieldLabels, type PjFileField } from '@medipay/shared/files';
import { textLinkClass } from '../../../../components/ui/text-link';
import { SectionCard } from './detail-parts';
import { DocumentReviewControls } from './document-review-controls';
import { DocumentVersions } from './document-versions';
import type { DetailOf } from './review-flow';

type PjDetail = DetailOf<'PJ'>;

const pjDocumentOrder: readonly PjFileField[] = [
  'contratoSocial',
  'cartaoCnpj',
  'comprovanteEndereco',
  'alvaraFuncionamento',
  'cnesDocumento',
  'responsavelDocFrente',
  'responsavelDocVerso',
];

function PjDocument({ detail, field }: { detail: PjDetail; field: PjFileField }) {
  const labelId = useId();
  const entry = detail.documents.find((document) => document.field === field);
  const current = entry?.current ?? detail.values[field] ?? null;
  return (
    <li className="rounded-md border p-3">
      <p id={labelId} className="text-sm font-semibold">
        {fileFieldLabels[field]}
      </p>
      {current ? (
        <a
          href={current.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={labelId}
          className={`mt-1 inline-flex items-center gap-1 text-sm ${textLinkClass}`}
        >
          {reviewMessages.viewDocument}
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">Não enviado</p>
      )}
      <DocumentReviewControls detail={detail} document={entry} labelId={labelId} />
      <DocumentVersions document={entry} />
    </li>
  );
}

/** 'Documentos' of a company: each one linked as 'Visualizar Documento', with its versions. */
export function PjDocumentsCard({ detail }: { detail: PjDetail }) {
  return (
    <SectionCard title="Documentos" className="lg:col-span-2">
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {pjDocumentOrder.map((field) => (
          <PjDocument key={field} detail={detail} field={field} />
        ))}
      </ul>
    </SectionCard>
  );
}
