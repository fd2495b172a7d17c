import { uploadedDocumentSchema, type UploadedDocument } from '@medipay/shared/documents';
import type { Flow } from '@medipay/shared/status';

/**
 * What the applicant typed in a wizard step and has not saved yet, kept in the tab's
 * sessionStorage so that a reload or Back then Forward brings it back.
 *
 * What is kept: text, choices and check boxes of the step's form, and the reference of each
 * document chosen (the server holds the file from the moment it is chosen, under the applicant's
 * session: the draft keeps its id, name, size, type and the portal's own route to it, never its
 * bytes), each with the value the server had for that field when it was typed (its base). What is
 * never kept: one-time codes (they are not part of any step form, and a field named like one is
 * refused here as well).
 *
 * The rule on restore, field by field: what was typed here wins over the saved value, as long as
 * the saved value is still the one it was typed over. When the server's value changed since
 * (the step was saved meanwhile, in another tab), the server wins: the newer save is what the
 * applicant did last. The drafts of a flow go away with the tab, on a successful save of their
 * step, on submit, and when the application's session has ended.
 */

export type DraftField = { value: DraftValue; base: DraftValue };
export type DraftValue = string | number | boolean | null | UploadedDocument;
type Draft = Record<string, DraftField>;

const prefix = 'medipay:rascunho';
const keyOf = (flow: Flow, step: number) => `${prefix}:${flow}:${step}`;

/** Names that could hold a secret: never written, whatever the form. */
const secretName = /codigo|code|otp|token|senha|password/i;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage disabled (privacy settings): nothing is kept.
    return null;
  }
}

/** The portal's own document routes: a kept reference never points anywhere else. */
const documentRoute = '/api/documents/';

/** An uploaded document's reference, only its known fields; null for anything else. */
function documentReference(value: unknown): UploadedDocument | null {
  const parsed = uploadedDocumentSchema.safeParse(value);
  if (!parsed.success) return null;
  const { url, thumbnailUrl } = parsed.data;
  const ownRoute = (route: string) => route.startsWith(documentRoute) && !route.includes('//');
  return ownRoute(url) && (thumbnailUrl === null || ownRoute(thumbnailUrl)) ? parsed.data : null;
}

const isPlainValue = (value: unknown): value is string | number | boolean | null =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

const isDraftValue = (value: unknown): value is DraftValue =>
  isPlainValue(value) || documentReference(value) !== null;

/** The same value: a document is the same document by its id. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const [first, second] = [documentReference(a), documentReference(b)];
  return first !== null && second !== null && first.id === second.id;
}

/** The value as kept: a document reduced to its reference. */
const keptValue = (value: DraftValue): DraftValue =>
  isPlainValue(value) ? value : documentReference(value);

/**
 * Whether a field of a step form may be kept: plain values and document references only, never
 * a secret.
 */
export function isKeptField(name: string, value: unknown): value is DraftValue {
  return !secretName.test(name) && isDraftValue(value);
}

export function readDraft(flow: Flow, step: number): Draft {
  const raw = storage()?.getItem(keyOf(flow, step));
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return {};
    const draft: Draft = {};
    for (const [name, field] of Object.entries(parsed as Record<string, unknown>)) {
      if (!field || typeof field !== 'object') continue;
      const { value, base } = field as Record<string, unknown>;
      if (isKeptField(name, value) && isDraftValue(base)) {
        draft[name] = { value: keptValue(value), base: keptValue(base) };
      }
    }
    return draft;
  } catch {
    return {};
  }
}

/**
 * Keeps the fields whose value differs from the saved one (`saved`: the form's values as the
 * server has them); removes the step's draft when nothing differs.
 */
export function writeDraft(
  flow: Flow,
  step: number,
  saved: Record<string, unknown>,
  values: Record<string, unknown>,
) {
  const store = storage();
  if (!store) return;
  const draft: Draft = {};
  for (const [name, value] of Object.entries(values)) {
    const base = saved[name] ?? null;
    if (!isKeptField(name, value) || !isDraftValue(base) || sameValue(value, base)) continue;
    draft[name] = { value: keptValue(value), base: keptValue(base) };
  }
  try {
    if (Object.keys(draft).length === 0) store.removeItem(keyOf(flow, step));
    else store.setItem(keyOf(flow, step), JSON.stringify(draft));
  } catch {
    // Storage full: what is on screen stays, only a reload would lose it.
  }
}

/** The form's starting values: the saved ones, with what was typed over them and not saved. */
export function restoreDraft<Values extends Record<string, unknown>>(
  flow: Flow,
  step: number,
  saved: Values,
): Values {
  const restored: Record<string, unknown> = { ...saved };
  for (const [name, field] of Object.entries(readDraft(flow, step))) {
    if (!(name in saved)) continue;
    const current = saved[name] ?? null;
    if (sameValue(current, field.base)) restored[name] = field.value;
  }
  return restored as Values;
}

export function clearDraft(flow: Flow, step: number) {
  try {
    storage()?.removeItem(keyOf(flow, step));
  } catch {
    // Nothing kept, nothing to clear.
  }
}

function draftKeys(flow: Flow): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(`${prefix}:${flow}:`)) keys.push(key);
  }
  return keys;
}

/** Whether the tab holds anything typed and not saved for a flow. */
export function hasDrafts(flow: Flow): boolean {
  return draftKeys(flow).length > 0;
}

/** Forgets every draft of a flow: the application was submitted, or its session ended. */
export function clearDrafts(flow: Flow) {
  const store = storage();
  for (const key of draftKeys(flow)) store?.removeItem(key);
}
