/**
 * Parsers of the official PEP and sanctions lists (issue 24 groundwork): from the bytes of a
 * published file to normalised entries with a stable id and a content hash. A malformed file is
 * refused as a whole with a ListFileError (line or element, reason in Portuguese).
 */
import type { ListEntry, ListKind } from './list-types.js';
import { parsePepFile } from './pep-file.js';
import { parseSanctionsFile } from './sanctions-file.js';
import { parseUnListFile } from './un-list-file.js';

export * from './list-types.js';
export { parsePepFile } from './pep-file.js';
export { parseSanctionsFile } from './sanctions-file.js';
export { parseUnListFile } from './un-list-file.js';

export function parseListFile(kind: ListKind, bytes: Uint8Array): ListEntry[] {
  switch (kind) {
    case 'pep':
      return parsePepFile(bytes);
    case 'ceis':
    case 'cnep':
      return parseSanctionsFile(kind, bytes);
    case 'unsc':
      return parseUnListFile(bytes);
  }
}
