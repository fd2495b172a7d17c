// The face search computed in memory over every face: the exact answer (the cosine against
// every row), which the database's search is measured against.
import {
  DESCRIPTOR_LENGTH,
  LINK_SIMILARITY,
} from '../../apps/api/src/modules/face-search/face-code';
import type { Population } from './population';

/** The cosine from which a face is listed as the same (the similarity's scale: face-engine.ts). */
export const samePersonCosine = 0.8 + 0.2 * LINK_SIMILARITY;

export type ExactMatch = { row: number; cosine: number };

/**
 * Every row at or above the same-person cosine but `excluded`, best first; `dot` assumes the
 * population's unit-length rows.
 */
export function exactMatches(
  population: Population,
  query: Float32Array,
  excluded: (row: number) => boolean,
): ExactMatch[] {
  const { descriptors, count } = population;
  let norm = 0;
  for (let index = 0; index < DESCRIPTOR_LENGTH; index += 1) norm += query[index]! ** 2;
  const floor = samePersonCosine * Math.sqrt(norm);
  const matches: ExactMatch[] = [];
  for (let row = 0; row < count; row += 1) {
    const offset = row * DESCRIPTOR_LENGTH;
    let dot = 0;
    for (let index = 0; index < DESCRIPTOR_LENGTH; index += 1) {
      dot += query[index]! * descriptors[offset + index]!;
    }
    if (dot >= floor && !excluded(row)) matches.push({ row, cosine: dot / Math.sqrt(norm) });
  }
  return matches.sort((a, b) => b.cosine - a.cosine);
}
