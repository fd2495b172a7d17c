import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from 'sonner';
import type { ExtractionResponse, UploadedDocument } from '@medipay/shared/documents';
import type { Flow } from '@medipay/shared/status';
import { ApiRequestError } from '../../lib/api-client';
import { getExtraction } from '../../lib/extraction-api';

export type ExtractionState = 'idle' | 'processing' | 'done' | 'failed';

export const identityFieldNames = ['nome', 'numero', 'orgao', 'uf', 'validade'] as const;
export type IdentityFieldName = (typeof identityFieldNames)[number];

/** The plain values read from an identity document: only the fields that were read. */
export type ExtractedIdentityFields = Partial<Record<IdentityFieldName, string>>;

/** Time between two questions to the server while the document is being read. */
export const EXTRACTION_POLL_MS = 1_000;
/** After this, the reading counts as failed and the applicant fills the fields. */
export const EXTRACTION_TIMEOUT_MS = 60_000;

export const extractionErrorToast = {
  title: 'Erro no processamento',
  description: 'Não foi possível ler os dados do documento. Preencha os campos manualmente.',
} as const;

function isImage(document: UploadedDocument): boolean {
  return document.type.startsWith('image/');
}

/** The fields read, as plain values; null when none was read. */
function plainFields(fields: ExtractionResponse['fields']): ExtractedIdentityFields | null {
  if (!fields) return null;
  const read: ExtractedIdentityFields = {};
  for (const name of identityFieldNames) {
    const value = fields[name]?.value.trim();
    if (value) read[name] = value;
  }
  return Object.keys(read).length > 0 ? read : null;
}

type Settled = { documentId: string; state: Exclude<ExtractionState, 'processing'> };

/**
 * Follows the server's reading of an identity document photo: polls its extraction about every
 * second (at most 60 s), hands the fields read to `onFields` once, and says where it stands.
 * A failure (the reading failed, found nothing, took too long, or the endpoint failed) raises
 * the 'Erro no processamento' toast; the applicant then fills the fields. A PDF, or a document
 * the server does not read (404), stays 'idle'. Changing or removing the document stops the
 * polling and ignores any late answer about the previous one.
 *
 * `alreadyRead`: whether the fields this reading would fill already came from another reading
 * (the document's other side). A side that then yields nothing is no error (the back of an RG
 * holds little): it settles 'idle', without the toast.
 */
export function useDocumentExtraction(
  flow: Flow,
  document: UploadedDocument | null,
  onFields: (fields: ExtractedIdentityFields) => void,
  alreadyRead: () => boolean = () => false,
): ExtractionState {
  const [settled, setSettled] = useState<Settled | null>(null);
  const documentId = document && isImage(document) ? document.id : null;
  const handOver = useEffectEvent((fields: ExtractedIdentityFields) => onFields(fields));
  const readElsewhere = useEffectEvent(() => alreadyRead());

  useEffect(() => {
    if (!documentId) return;
    let active = true;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const deadline = setTimeout(() => {
      if (active) settle('failed');
    }, EXTRACTION_TIMEOUT_MS);

    const settle = (outcome: Settled['state']) => {
      active = false;
      clearTimeout(pollTimer);
      clearTimeout(deadline);
      controller.abort();
      const state = outcome === 'failed' && readElsewhere() ? 'idle' : outcome;
      setSettled({ documentId, state });
      if (state === 'failed') {
        toast.error(extractionErrorToast.title, {
          description: extractionErrorToast.description,
        });
      }
    };

    const poll = async () => {
      try {
        const answer = await getExtraction(flow, documentId, controller.signal);
        if (!active) return;
        if (answer.status === 'pending') {
          pollTimer = setTimeout(() => void poll(), EXTRACTION_POLL_MS);
          return;
        }
        const fields = answer.status === 'done' ? plainFields(answer.fields) : null;
        if (!fields) {
          settle('failed');
          return;
        }
        settle('done');
        handOver(fields);
      } catch (error) {
        if (!active) return;
        settle(error instanceof ApiRequestError && error.status === 404 ? 'idle' : 'failed');
      }
    };
    void poll();

    return () => {
      active = false;
      clearTimeout(pollTimer);
      clearTimeout(deadline);
      controller.abort();
    };
  }, [flow, documentId]);

  if (!documentId) return 'idle';
  return settled?.documentId === documentId ? settled.state : 'processing';
}
