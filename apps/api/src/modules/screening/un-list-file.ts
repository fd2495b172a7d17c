/** Parser of the UN Security Council consolidated list XML (CONSOLIDATED_LIST). */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  distinctNames,
  isoIfReal,
  ListFileError,
  type UnBirthDate,
  type UnDocument,
  type UnEntry,
  withHash,
} from './list-types';

type Node = Record<string, unknown>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The predefined and numeric character references, decoded here once (the parser's own entity
 * processing is off: it leaves numeric references as they are).
 */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

function toArray(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

function text(node: unknown, key: string): string {
  if (node === null || typeof node !== 'object') return '';
  const value = (node as Node)[key];
  if (value === undefined || value === null || typeof value === 'object') return '';
  return String(value).replace(/\s+/g, ' ').trim();
}

function nodes(node: unknown, key: string): Node[] {
  if (node === null || typeof node !== 'object') return [];
  return toArray((node as Node)[key]).filter((n): n is Node => n !== null && typeof n === 'object');
}

/** `1966-12-31` (a time or zone after it ignored) → ISO; anything else → undefined. */
function isoDate(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? isoIfReal(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}

function year(value: string): number | undefined {
  return /^\d{4}$/.test(value) ? Number(value) : undefined;
}

function birthDates(where: string, node: Node): UnBirthDate[] {
  const out: UnBirthDate[] = [];
  for (const dob of nodes(node, 'INDIVIDUAL_DATE_OF_BIRTH')) {
    const date = text(dob, 'DATE');
    const exactYear = text(dob, 'YEAR');
    const from = text(dob, 'FROM_YEAR');
    const to = text(dob, 'TO_YEAR');
    if (date !== '') {
      const iso = isoDate(date);
      if (iso === undefined)
        throw new ListFileError(`${where}: data de nascimento inválida (${date}).`);
      out.push({ kind: 'exact', date: iso });
    } else if (exactYear !== '') {
      const y = year(exactYear);
      if (y === undefined)
        throw new ListFileError(`${where}: ano de nascimento inválido (${exactYear}).`);
      out.push({ kind: 'year', year: y });
    } else if (from !== '' || to !== '') {
      const f = year(from);
      const t = year(to);
      if (f === undefined || t === undefined || f > t) {
        throw new ListFileError(
          `${where}: intervalo de anos de nascimento inválido (${from}–${to}).`,
        );
      }
      out.push({ kind: 'range', fromYear: f, toYear: t });
    }
  }
  return out;
}

function entry(subject: 'individual' | 'entity', node: Node, position: number): UnEntry {
  const tag = subject === 'individual' ? 'INDIVIDUAL' : 'ENTITY';
  const id = text(node, 'DATAID');
  const where = `Elemento ${tag} nº ${position}${id === '' ? '' : ` (DATAID ${id})`}`;
  if (!/^\d+$/.test(id)) throw new ListFileError(`${where}: DATAID ausente ou inválido.`);
  const primary = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
    .map((k) => text(node, k))
    .filter((n) => n !== '')
    .join(' ');
  if (primary === '') throw new ListFileError(`${where}: sem nome (FIRST_NAME).`);
  const aliases = nodes(node, `${tag}_ALIAS`)
    .map((a) => ({ quality: text(a, 'QUALITY'), name: text(a, 'ALIAS_NAME') }))
    .filter((a) => a.name !== '');
  const listedOnRaw = text(node, 'LISTED_ON');
  const listedOn = listedOnRaw === '' ? null : isoDate(listedOnRaw);
  if (listedOn === undefined)
    throw new ListFileError(`${where}: LISTED_ON inválido (${listedOnRaw}).`);
  const documents: UnDocument[] = nodes(node, 'INDIVIDUAL_DOCUMENT')
    .map((d) => ({ type: text(d, 'TYPE_OF_DOCUMENT'), number: text(d, 'NUMBER') }))
    .filter((d) => d.number !== '');
  const nationalities = nodes(node, 'NATIONALITY').flatMap((n) =>
    toArray(n['VALUE'])
      .map((v) => (typeof v === 'object' ? '' : String(v).trim()))
      .filter((v) => v !== ''),
  );
  return withHash({
    list: 'unsc' as const,
    id,
    subject,
    referenceNumber: text(node, 'REFERENCE_NUMBER'),
    names: distinctNames([primary, ...aliases.map((a) => a.name)]),
    aliases,
    birthDates: subject === 'individual' ? birthDates(where, node) : [],
    nationalities,
    documents,
    listedOn,
  });
}

/** Parses the whole XML; throws ListFileError (and yields nothing) on the first bad element. */
export function parseUnListFile(bytes: Uint8Array): UnEntry[] {
  const xml = new TextDecoder('utf-8').decode(bytes);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ListFileError(`XML mal formado na linha ${valid.err.line}: ${valid.err.msg}`);
  }
  const doc = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    processEntities: false,
    tagValueProcessor: (_name, value) => decodeEntities(value),
  }).parse(xml) as Node;
  const root = doc['CONSOLIDATED_LIST'];
  if (root === undefined || root === null || typeof root !== 'object') {
    throw new ListFileError('Elemento raiz CONSOLIDATED_LIST ausente.');
  }
  const ids = new Set<string>();
  const entries: UnEntry[] = [];
  const groups = [
    ['individual', nodes(nodes(root, 'INDIVIDUALS')[0], 'INDIVIDUAL')],
    ['entity', nodes(nodes(root, 'ENTITIES')[0], 'ENTITY')],
  ] as const;
  for (const [subject, list] of groups) {
    list.forEach((node, i) => {
      const e = entry(subject, node, i + 1);
      if (ids.has(e.id)) throw new ListFileError(`DATAID repetido (${e.id}).`);
      ids.add(e.id);
      entries.push(e);
    });
  }
  return entries;
}
