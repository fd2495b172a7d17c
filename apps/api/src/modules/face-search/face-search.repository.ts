import { and, eq, sql } from 'drizzle-orm';
import { faceDescriptors } from '@medipay/db/schema';
import type { Executor } from '../messaging/outbox.repository';
import { CODE_BITS, distanceTerms, type FaceCode } from './face-code';

const bitType = sql.raw(`bit(${CODE_BITS})`);

/**
 * Stores a selfie's descriptor and its code in one statement (so neither is ever kept without
 * the other); the same selfie described again replaces both.
 */
export async function upsertFace(
  executor: Executor,
  face: { sessionId: string; documentId: string; descriptor: Buffer; code: FaceCode },
): Promise<void> {
  await executor.execute(sql`
    with saved as (
      insert into face_descriptors (session_id, document_id, descriptor)
      values (${face.sessionId}, ${face.documentId}, ${face.descriptor})
      on conflict (document_id) do update set descriptor = excluded.descriptor
      returning id
    )
    insert into face_codes (id, norm, code)
    select id, ${face.code.norm}, ${face.code.bits}::${bitType} from saved
    on conflict (id) do update set norm = excluded.norm, code = excluded.code`);
}

/** The stored descriptor of a session's selfie, or null. */
export async function findDescriptor(
  db: Executor,
  sessionId: string,
  documentId: string,
): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ descriptor: faceDescriptors.descriptor })
    .from(faceDescriptors)
    .where(
      and(eq(faceDescriptors.sessionId, sessionId), eq(faceDescriptors.documentId, documentId)),
    );
  return row?.descriptor ?? null;
}

export type Candidate = { sessionId: string; documentId: string; descriptor: Uint8Array };

/**
 * The `size` faces nearest to `code` by the codes' estimate (face-code.ts), with their
 * descriptors. The inner query reads only the narrow face_codes table, every row of it (a
 * sequential scan with a top-N sort: no index orders by this distance), looking the cosine term
 * up by the number of differing bits; the shortlist's descriptors are then read by primary key.
 */
export async function shortlist(db: Executor, code: FaceCode, size: number): Promise<Candidate[]> {
  const terms = `{${distanceTerms(code.norm).join(',')}}`;
  const result = await db.execute(sql`
    select d.session_id, d.document_id, d.descriptor
    from (
      select id from face_codes
      order by norm * (norm - (${terms}::float8[])[bit_count(code # ${code.bits}::${bitType}) + 1])
      limit ${size}
    ) nearest
    join face_descriptors d on d.id = nearest.id`);
  return (result.rows as { session_id: string; document_id: string; descriptor: Uint8Array }[]).map(
    (row) => ({
      sessionId: row.session_id,
      documentId: row.document_id,
      descriptor: row.descriptor,
    }),
  );
}
