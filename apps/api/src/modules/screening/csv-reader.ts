/**
 * Reads the CGU CSV files (`;`-separated, ISO-8859-1, fields optionally quoted with `""` escapes,
 * CRLF or LF) record by record from the bytes: each line is decoded on its own, so no string of
 * the whole file is built. Columns are found by header name, case- and accent-insensitively.
 */
import { ListFileError, normaliseLabel } from './list-types';

const LF = 0x0a;
const decoder = new TextDecoder('latin1');

export type CsvRecord = {
  /** Line number (1-based) where the record starts. */
  readonly line: number;
  readonly fields: readonly string[];
};

/** Splits one record; returns null when a quoted field is still open at the end of the text. */
function splitRecord(text: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (text.charCodeAt(i) === 0x22) {
      let value = '';
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) return null;
        value += text.slice(j, q);
        if (text.charCodeAt(q + 1) === 0x22) {
          value += '"';
          j = q + 2;
          continue;
        }
        j = q + 1;
        break;
      }
      const sep = text.indexOf(';', j);
      const rest = sep < 0 ? text.slice(j) : text.slice(j, sep);
      if (rest.trim() !== '') throw new SyntaxError('aspas');
      fields.push(value);
      if (sep < 0) return fields;
      i = sep + 1;
    } else {
      const sep = text.indexOf(';', i);
      const value = sep < 0 ? text.slice(i) : text.slice(i, sep);
      if (value.includes('"')) throw new SyntaxError('aspas');
      fields.push(value);
      if (sep < 0) return fields;
      i = sep + 1;
    }
  }
}

/** Yields the records of the file, the header included, skipping blank lines. */
export function* csvRecords(bytes: Uint8Array): Generator<CsvRecord> {
  let start = 0;
  let line = 0;
  let pending = '';
  let pendingLine = 0;
  // A UTF-8 byte order mark is not expected in a latin-1 file, but tolerate one.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  while (start < bytes.length) {
    let end = bytes.indexOf(LF, start);
    if (end < 0) end = bytes.length;
    line += 1;
    let stop = end;
    if (stop > start && bytes[stop - 1] === 0x0d) stop -= 1;
    const text = decoder.decode(bytes.subarray(start, stop));
    start = end + 1;
    const record = pending === '' && pendingLine === 0 ? text : `${pending}\n${text}`;
    const recordLine = pendingLine === 0 ? line : pendingLine;
    if (pendingLine === 0 && text.trim() === '') continue;
    let fields: string[] | null;
    try {
      fields = splitRecord(record);
    } catch {
      throw new ListFileError(`Linha ${recordLine}: aspas mal formadas.`);
    }
    if (fields === null) {
      pending = record;
      pendingLine = recordLine;
      continue;
    }
    pending = '';
    pendingLine = 0;
    yield { line: recordLine, fields };
  }
  if (pendingLine !== 0) {
    throw new ListFileError(
      `Linha ${pendingLine}: aspas abertas e não fechadas até o fim do arquivo.`,
    );
  }
}

export type ColumnSpec<K extends string> = {
  readonly key: K;
  /** Accepted header names, current and older (any case and accents). */
  readonly names: readonly string[];
  readonly required: boolean;
};

/** Maps each column key to its index in the header; refuses a header without a required column. */
export function mapHeader<K extends string>(
  header: readonly string[],
  specs: readonly ColumnSpec<K>[],
): Map<K, number> {
  const normalised = header.map(normaliseLabel);
  const map = new Map<K, number>();
  for (const spec of specs) {
    const wanted = spec.names.map(normaliseLabel);
    const index = normalised.findIndex((h) => wanted.includes(h));
    if (index >= 0) map.set(spec.key, index);
    else if (spec.required) {
      throw new ListFileError(`Cabeçalho sem a coluna obrigatória ${spec.names[0]}.`);
    }
  }
  return map;
}

/** Reads the records after the header, checking the number of fields of each. */
export function* csvRows<K extends string>(
  bytes: Uint8Array,
  specs: readonly ColumnSpec<K>[],
): Generator<{ line: number; get: (key: K) => string }> {
  const records = csvRecords(bytes);
  const first = records.next();
  if (first.done) throw new ListFileError('Arquivo vazio: falta o cabeçalho.');
  const header = first.value.fields;
  const columns = mapHeader(header, specs);
  for (const record of records) {
    if (record.fields.length !== header.length) {
      throw new ListFileError(
        `Linha ${record.line}: ${record.fields.length} campos, o cabeçalho tem ${header.length}.`,
      );
    }
    const fields = record.fields;
    yield {
      line: record.line,
      get: (key: K) => {
        const index = columns.get(key);
        return index === undefined ? '' : (fields[index] ?? '').trim();
      },
    };
  }
}
