import type { Database } from '@medipay/db/client';
import type { LinkedApplication, LinkedApplications } from '@medipay/shared/case-review';
import type { Flow } from '@medipay/shared/status';
import type { FaceSearch } from '../face-search/face-search.service';
import type { Executor } from '../messaging/outbox.repository';
import { findReviewRecord, type ReviewRecord } from '../admin-review/review-detail.repository';
import {
  findApplicationsBySessions,
  findLinkedRows,
  type LinkKeys,
  type LinkedRow,
} from './linked-applications.repository';

/**
 * The one-to-many face search as linking sees it: the sessions whose selfie is the same person as
 * this session's current selfie, with the similarity; null when that selfie has no descriptor
 * (no face check yet, or a sandbox check that compared no face).
 */
export type FaceLinks = {
  similarTo: (
    executor: Executor,
    sessionId: string,
    selfieDocumentId: string,
  ) => Promise<Array<{ sessionId: string; similarity: number }> | null>;
};

/** Face links from the one-to-many face search (face-search): the session's selfie against all. */
export function faceLinksOf(faces: Pick<FaceSearch, 'descriptorOf' | 'search'>): FaceLinks {
  return {
    similarTo: async (executor, sessionId, selfieDocumentId) => {
      const descriptor = await faces.descriptorOf(sessionId, selfieDocumentId, executor);
      if (!descriptor) return null;
      const matches = await faces.search(descriptor, { excludeSessionId: sessionId, executor });
      return matches.map(({ sessionId: other, similarity }) => ({ sessionId: other, similarity }));
    },
  };
}

export type LinkedApplicationsService = {
  /** The applications linked to one, for the back office ('Cadastros relacionados'). */
  get: (flow: Flow, id: string) => Promise<LinkedApplications | null>;
  /** The same, for a record already read (inside a decision's transaction). */
  of: (executor: Executor, record: ReviewRecord) => Promise<LinkedApplications>;
};

const selfieIdOf = (record: ReviewRecord): string | null => {
  const url = record.flow === 'PF' ? record.row.selfieUrl : null;
  return url?.startsWith('/api/documents/') ? url.slice('/api/documents/'.length) : null;
};

function keysOf(record: ReviewRecord): LinkKeys {
  const { row } = record;
  const common = {
    id: row.id,
    email: row.email?.toLowerCase() ?? null,
    telefone: row.telefone,
    dispositivoId: row.dispositivoId,
  };
  if (record.flow === 'PF') {
    return {
      ...common,
      flow: 'PF',
      document: record.row.cpf,
      personCpfs: record.row.cpf ? [record.row.cpf] : [],
    };
  }
  return {
    ...common,
    flow: 'PJ',
    document: record.row.cnpj,
    personCpfs: record.row.responsavelCpf ? [record.row.responsavelCpf] : [],
  };
}

type Linked = Omit<LinkedRow, 'attribute' | 'value'>;

export function createLinkedApplications(deps: {
  db: Database;
  faces: FaceLinks | null;
}): LinkedApplicationsService {
  const { db, faces } = deps;

  async function of(executor: Executor, record: ReviewRecord): Promise<LinkedApplications> {
    const items = new Map<string, LinkedApplication>();
    const itemOf = (row: Linked) => {
      const key = `${row.flow}:${row.id}`;
      let item = items.get(key);
      if (!item) {
        item = {
          flow: row.flow,
          id: row.id,
          protocolo: row.protocolo,
          name: row.name,
          document: row.document,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          shared: [],
          faceSimilarity: null,
        };
        items.set(key, item);
      }
      return item;
    };

    for (const row of await findLinkedRows(executor, keysOf(record))) {
      const item = itemOf(row);
      if (!item.shared.some((s) => s.attribute === row.attribute && s.value === row.value)) {
        item.shared.push({ attribute: row.attribute, value: row.value });
      }
    }

    const selfieId = selfieIdOf(record);
    const matches =
      faces && selfieId ? await faces.similarTo(executor, record.row.sessionId, selfieId) : null;
    if (matches && matches.length > 0) {
      const similarity = new Map(matches.map((match) => [match.sessionId, match.similarity]));
      for (const row of await findApplicationsBySessions(executor, [...similarity.keys()])) {
        if (row.flow === record.flow && row.id === record.row.id) continue;
        const item = itemOf(row);
        const value = similarity.get(row.sessionId) ?? 0;
        item.faceSimilarity = value;
        item.shared.push({ attribute: 'rosto', value: `${Math.round(value * 100)}%` });
      }
    }

    return {
      // The strongest links first: the face, then how many attributes are shared, then newest.
      items: [...items.values()].sort(
        (a, b) =>
          (b.faceSimilarity ?? 0) - (a.faceSimilarity ?? 0) ||
          b.shared.length - a.shared.length ||
          b.createdAt.localeCompare(a.createdAt),
      ),
      faceSearched: matches !== null,
    };
  }

  return {
    of,
    get: async (flow, id) => {
      const record = await findReviewRecord(db, flow, id);
      return record ? of(db, record) : null;
    },
  };
}
