import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFInvalidObject,
  PDFName,
  PDFObjectParser,
  PDFObjectStreamParser,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';

/**
 * Active content in an uploaded PDF, decided by parsing the file rather than by searching its
 * bytes: a byte search misses names written with escapes (`/J#61vaScript` is `/JavaScript`) and
 * everything inside compressed object streams, and it refuses a harmless PDF whose text merely
 * mentions "/JavaScript".
 *
 * Refused, wherever it appears: JavaScript (`/JS`, `/S /JavaScript`, the `/JavaScript` name tree),
 * Launch, SubmitForm and ImportData actions, additional actions (`/AA`, run on events such as
 * opening a page or focusing a field), embedded files (`/EmbeddedFiles`, `/EF`,
 * `/Type /EmbeddedFile`, FileAttachment annotations, GoToE), RichMedia, XFA forms, GoToR (opens
 * another file, which can be a network path: a click leaks the reader's credentials on Windows),
 * and an `/OpenAction` that is anything but a chain of GoTo actions.
 *
 * Kept: URI links (common in legitimate bills and contracts; they open only on a click), GoTo and named destinations, ResetForm, Named actions (menu items such as
 * next page or print), and an `/OpenAction` that only shows a page.
 */
export type PdfInspection =
  | { verdict: 'passive' }
  | { verdict: 'active'; reason: string }
  | { verdict: 'encrypted' }
  | { verdict: 'unreadable' };

/** Keys whose presence makes a dictionary active, whatever its values. */
const refusedKeys = new Set([
  'JS',
  'JavaScript',
  'AA',
  'EmbeddedFiles',
  'EF',
  'XFA',
  'RichMediaContent',
  'RichMediaSettings',
]);

/** Values of `/S` (action type), `/Type` and `/Subtype` that are active content. */
const refusedNames = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'RichMediaExecute',
  'EmbeddedFile',
  'FileAttachment',
  'RichMedia',
]);
const typeKeys = new Set(['S', 'Type', 'Subtype']);

/** Every definition of each object number found anywhere in the file, keyed "number generation". */
type ObjectIndex = Map<string, PDFObject[]>;

type FoundObjects = {
  index: ObjectIndex;
  /** Raw bytes of objects that did not parse: a reader may still repair and run them. */
  unparsed: Uint8Array[];
};

export async function inspectPdf(data: Uint8Array): Promise<PdfInspection> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(data, { updateMetadata: false });
  } catch (error) {
    // pdf-lib's errors are ES5 classes (no usable instanceof or name): its message says it.
    const encrypted = error instanceof Error && /is encrypted/.test(error.message);
    return { verdict: encrypted ? 'encrypted' : 'unreadable' };
  }
  if (!hasPages(document)) return { verdict: 'unreadable' };
  let found: FoundObjects;
  try {
    found = await findObjects(data, document.context);
  } catch {
    // An object stream that cannot be decoded hides objects a reader might still decode.
    return { verdict: 'unreadable' };
  }
  const reason = findActiveContent(found);
  return reason ? { verdict: 'active', reason } : { verdict: 'passive' };
}

/**
 * pdf-lib loads almost anything that starts with `%PDF-`, even with no catalog: a file counts as
 * a readable document only when its page tree leads to at least one page.
 */
function hasPages(document: PDFDocument): boolean {
  try {
    return document.catalog instanceof PDFDict && document.getPageCount() > 0;
  } catch {
    return false;
  }
}

/**
 * A name as a PDF reader reads it. pdf-lib decodes `#xx` escapes only with upper-case hex digits
 * (`#4A` but not `#4a`); readers accept both, so the rest is decoded here. Decoding twice can only
 * turn a name into one with fewer `#`, and no refused name has one, so nothing refused is missed.
 */
export function nameText(name: PDFName): string {
  const encoded = name.asString();
  // pdf-lib escapes every irregular character with '#': without one, the text is the name as is.
  return encoded.includes('#') ? decodeEscapes(name.decodeText()) : encoded.slice(1);
}

/**
 * A dictionary's value for a key, keys compared as a reader decodes them: pdf-lib's own `get`
 * misses a key written with a lower-case escape (`/#4fpenAction`).
 */
function valueOf(dict: PDFDict, key: string): PDFObject | undefined {
  for (const [name, value] of dict.entries()) if (nameText(name) === key) return value;
  return undefined;
}

function decodeEscapes(text: string): string {
  return text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

// ---------------------------------------------------------------------------------------------
// Finding every object

/**
 * An indirect object's header `N G obj`, comments allowed between the tokens as the syntax allows,
 * and `N Gobj` too: readers such as pdf.js take a number's end as a token's end.
 * Readers locate objects by the offsets of the cross-reference table (or by such a scan when the
 * table is broken), not in file order as pdf-lib does, so each header is parsed on its own.
 */
const objectHeader =
  /(?<![0-9])([0-9]+)(?:[\0\t\n\f\r ]|%[^\r\n]*)+([0-9]+)(?:[\0\t\n\f\r ]|%[^\r\n]*)*obj/g;

/** Objects parsed between two turns of the event loop, so a large PDF does not stall other requests. */
const OBJECTS_PER_TURN = 500;

/**
 * Every object a reader could load: those pdf-lib parsed in file order (object streams expanded),
 * plus an object parsed at every `N G obj` header in the bytes. pdf-lib keeps only the last
 * definition of a number and skips what lies inside another object's stream data, while a reader
 * follows the cross-reference offsets: an earlier definition, or one placed inside a stream, is
 * what it shows. Every stream that is an object stream is expanded, also one without
 * `/Type /ObjStm`, which pdf-lib skips and readers such as pdf.js do not.
 */
async function findObjects(data: Uint8Array, loaded: PDFContext): Promise<FoundObjects> {
  const found: FoundObjects = { index: new Map(), unparsed: [] };
  for (const [ref, object] of loaded.enumerateIndirectObjects()) addObject(found, ref, object);

  // Objects parsed here are assigned to a scratch context, which records each definition (a
  // context keeps only the last) and lets an object stream's /N or /First given by reference
  // resolve.
  const scratch = PDFContext.create();
  const assign = scratch.assign.bind(scratch);
  scratch.assign = (ref, object) => {
    addObject(found, ref, object);
    assign(ref, object);
  };
  await parseAtHeaders(data, scratch, found);
  for (const stream of [...streamsIn(found.index)]) {
    if (!isObjectStream(stream)) continue;
    if (hasAmbiguousLayout(stream, found.index)) throw new Error('ambiguous object stream');
    await expandObjectStream(stream, scratch);
  }
  return found;
}

/**
 * An object stream whose /N or /First refers to an object defined more than once: the check
 * would read one definition and a reader, following the cross-reference table, maybe another,
 * and so see objects the check never parsed. No writer makes such a file; it is refused.
 */
function hasAmbiguousLayout(stream: PDFRawStream, index: ObjectIndex): boolean {
  return ['N', 'First'].some((key) => {
    const value = valueOf(stream.dict, key);
    if (!(value instanceof PDFRef)) return false;
    // The index holds pdf-lib's reading and the scan's of each object: only differences count.
    const definitions = index.get(`${value.objectNumber} ${value.generationNumber}`) ?? [];
    return new Set(definitions.map(String)).size > 1;
  });
}

function addObject(found: FoundObjects, ref: PDFRef, object: PDFObject) {
  if (object instanceof PDFInvalidObject) {
    const bytes = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(bytes, 0);
    found.unparsed.push(bytes);
    return;
  }
  const key = `${ref.objectNumber} ${ref.generationNumber}`;
  const definitions = found.index.get(key);
  if (definitions) definitions.push(object);
  else found.index.set(key, [object]);
}

/** Parses the object after every header into the context; keeps the bytes of those that fail. */
async function parseAtHeaders(data: Uint8Array, context: PDFContext, found: FoundObjects) {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  let parsed = 0;
  for (const match of text.matchAll(objectHeader)) {
    const start = match.index + match[0].length;
    const ref = PDFRef.of(Number(match[1]), Number(match[2]));
    try {
      context.assign(ref, PDFObjectParser.forBytes(data.subarray(start), context).parseObject());
    } catch {
      const end = text.indexOf('endobj', start);
      found.unparsed.push(data.subarray(start, end === -1 ? data.length : end));
    }
    parsed += 1;
    if (parsed % OBJECTS_PER_TURN === 0) await nextTurn();
  }
}

function* streamsIn(index: ObjectIndex): Generator<PDFRawStream> {
  for (const definitions of index.values()) {
    for (const object of definitions) if (object instanceof PDFRawStream) yield object;
  }
}

/** pdf.js reads any stream with /N and /First as an object stream, whatever its /Type says. */
function isObjectStream(stream: PDFRawStream): boolean {
  const { dict } = stream;
  const type = valueOf(dict, 'Type');
  return (
    (type instanceof PDFName && nameText(type) === 'ObjStm') ||
    (valueOf(dict, 'N') !== undefined && valueOf(dict, 'First') !== undefined)
  );
}

/**
 * Parses an object stream's objects into the scratch context (which records each). Throws when
 * the stream cannot be decoded or parsed: the caller refuses the file as unreadable. Streams found
 * inside it are not expanded again: readers ignore them, and a compressed stream can contain
 * itself.
 */
async function expandObjectStream(stream: PDFRawStream, scratch: PDFContext): Promise<void> {
  // The parser assigns into the context of the stream's dictionary: a copy puts it in scratch.
  const copy = PDFRawStream.of(stream.dict.clone(scratch), stream.contents);
  await PDFObjectStreamParser.forStream(copy).parseIntoContext();
}

// ---------------------------------------------------------------------------------------------
// Deciding

/**
 * The first active content found: refused keys and names anywhere first (the most telling
 * reason), then open actions, then names in bytes that did not parse.
 */
function findActiveContent(found: FoundObjects): string | undefined {
  const objects = [...found.index.values()].flat();
  for (const object of objects) {
    const reason = refusedIn(object);
    if (reason) return reason;
  }
  for (const object of objects) {
    for (const dict of dictionariesIn(object)) {
      const openAction = valueOf(dict, 'OpenAction');
      const reason = openAction && activeOpenAction(openAction, found.index);
      if (reason) return reason;
    }
  }
  for (const bytes of found.unparsed) {
    const name = refusedNameToken(bytes);
    if (name) return `/${name} in an object that does not parse`;
  }
  return undefined;
}

function refusedIn(object: PDFObject): string | undefined {
  // `/S 7 0 R` with object 7 being `/JavaScript` is still a JavaScript action to a reader, and
  // no legitimate file stores such a name as an object of its own.
  if (object instanceof PDFName && refusedNames.has(nameText(object))) {
    return `indirect name /${nameText(object)}`;
  }
  for (const dict of dictionariesIn(object)) {
    for (const [key, value] of dict.entries()) {
      const name = nameText(key);
      if (refusedKeys.has(name)) return `/${name}`;
      if (typeKeys.has(name) && value instanceof PDFName && refusedNames.has(nameText(value))) {
        return `/${name} /${nameText(value)}`;
      }
    }
  }
  return undefined;
}

/** The dictionaries of an object: itself, a stream's dictionary, and those nested in it. */
function* dictionariesIn(root: PDFObject): Generator<PDFDict> {
  const pending: PDFObject[] = [root];
  for (let object = pending.pop(); object; object = pending.pop()) {
    if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFDict) {
      yield object;
      for (const value of object.values()) pending.push(value);
    } else if (object instanceof PDFArray) {
      for (const item of object.asArray()) pending.push(item);
    }
  }
}

/**
 * An open action runs as the file opens, without a click. A destination (an array, or a name or
 * string naming one) only shows a page, and so does a GoTo action; any other action, also one
 * chained after a GoTo through /Next, is refused (an URI opened this way tells a third party who
 * opened the file, and when).
 */
function activeOpenAction(value: PDFObject, index: ObjectIndex): string | undefined {
  for (const action of actionChain(value, index)) {
    const types = resolve(valueOf(action, 'S'), index);
    const isGoTo =
      types.length > 0 &&
      types.every((type) => type instanceof PDFName && nameText(type) === 'GoTo');
    if (!isGoTo) return '/OpenAction with an action other than GoTo';
  }
  return undefined;
}

/**
 * The action dictionaries of an open action: the value itself when it is a dictionary, and those
 * reached through /Next, which holds a dictionary or an array of them. (The open action's own
 * array is a destination, not a list of actions.)
 */
function actionChain(openAction: PDFObject, index: ObjectIndex): PDFDict[] {
  const chain: PDFDict[] = [];
  const seen = new Set<PDFObject>();
  const pending = resolve(openAction, index).filter((object) => object instanceof PDFDict);
  for (let action = pending.pop(); action; action = pending.pop()) {
    if (seen.has(action)) continue;
    seen.add(action);
    chain.push(action);
    for (const next of resolve(valueOf(action, 'Next'), index)) {
      const items =
        next instanceof PDFArray ? next.asArray().flatMap((item) => resolve(item, index)) : [next];
      for (const item of items) if (item instanceof PDFDict) pending.push(item);
    }
  }
  return chain;
}

/** A value, or every definition of the object it refers to. */
function resolve(value: PDFObject | undefined, index: ObjectIndex): PDFObject[] {
  if (value === undefined) return [];
  if (!(value instanceof PDFRef)) return [value];
  return index.get(`${value.objectNumber} ${value.generationNumber}`) ?? [];
}

/**
 * The first refused name among the name tokens of bytes that do not parse as an object. Only
 * there does a token decide: a reader that repairs the object would read these names.
 */
function refusedNameToken(bytes: Uint8Array): string | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  for (const [, raw] of text.matchAll(/\/([^\0\t\n\f\r ()<>[\]{}/%]*)/g)) {
    const name = decodeEscapes(raw ?? '');
    if (refusedKeys.has(name) || refusedNames.has(name) || name === 'OpenAction') return name;
  }
  return undefined;
}
