/**
 * Parsers of the official PEP and sanctions lists (issue 24 groundwork): from the bytes of a
 * published file to normalised entries with a stable id and a content hash. A malformed file is
 * refused as a whole with a ListFileError (line or element, reason in Portuguese).
 */
import type { ListEntry, ListKind } from './list-types';
import { parsePepFile } from './pep-file';
import { parseSanctionsFile } from './sanctions-file';
import { parseUnListFile } from './un-list-file';

export * from './list-types';
export { parsePepFile } from './pep-file';
export { parseSanctionsFile } from './sanctions-file';
export { parseUnListFile } from './un-list-file';

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
