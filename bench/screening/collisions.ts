// Which listed names an unlisted candidate is too close to, so that the labelled set never calls
// "no hit" a name that the variant classes could have made from a listed one. Names are compared
// on their given names and surnames (particles and suffixes left out), token by token with
// names.ts's similarTokens (same sound key, or within the typo budget): a candidate U collides
// with a listed name L when every token of one of them has its own similar token in the other,
// in any order (U is L with names left out, added or moved). Names that share only some tokens
// ("JOÃO CARLOS SOUZA LIMA" and "JOÃO CARLOS SOUZA MARTINS") do not collide: they are the hard
// cases the unlisted part of the set is made of.
import { coreTokens, similarTokens, type PersonName } from './names';

/** Words (folded given names and surnames) the index holds at most. */
const MAX_WORDS = 4096;

export type ListedRow = {
  readonly list: 'pep' | 'unsc';
  /** The six visible digits of the masked CPF (PEP), or null. */
  readonly cpfMiddle: string | null;
};

export class CollisionIndex {
  private readonly vocabulary = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly neighbours: Uint8Array[] = [];
  private readonly rows: Int32Array[] = [];
  readonly meta: ListedRow[] = [];
  private readonly byFirst = new Map<number, number[]>();
  private readonly byToken = new Map<number, number[]>();

  private idOf(word: string): number {
    let id = this.vocabulary.get(word);
    if (id !== undefined) return id;
    id = this.words.length;
    if (id >= MAX_WORDS) throw new Error('Vocabulário grande demais para o índice de colisões.');
    this.vocabulary.set(word, id);
    this.words.push(word);
    const flags = new Uint8Array(MAX_WORDS);
    this.neighbours.push(flags);
    for (let j = 0; j <= id; j += 1) {
      if (similarTokens(word, this.words[j]!)) {
        flags[j] = 1;
        this.neighbours[j]![id] = 1;
      }
    }
    return id;
  }

  /** A flag per word of the vocabulary: similar to word `id` or not. */
  private near(id: number): Uint8Array {
    return this.neighbours[id]!;
  }

  private ids(name: PersonName): Int32Array {
    return Int32Array.from(coreTokens(name).map((word) => this.idOf(word)));
  }

  add(name: PersonName, meta: ListedRow): void {
    const ids = this.ids(name);
    if (ids.length === 0) return;
    const row = this.rows.length;
    this.rows.push(ids);
    this.meta.push(meta);
    push(this.byFirst, ids[0]!, row);
    for (const id of new Set(ids)) push(this.byToken, id, row);
  }

  /** The rows U collides with (all of them, or the first one found when `all` is false). */
  colliders(name: PersonName, all = false): number[] {
    const u = this.ids(name);
    const found: number[] = [];
    if (u.length === 0) return found;
    const near = Array.from(u, (id) => this.near(id));
    const n = this.words.length;
    const check = (row: number, test: (l: Int32Array) => boolean) => {
      if (!test(this.rows[row]!)) return false;
      found.push(row);
      return !all;
    };
    // U within L: the rows holding a word near U's rarest token.
    let rarest = 0;
    let rarestCount = Infinity;
    near.forEach((flags, i) => {
      let count = 0;
      for (let w = 0; w < n; w += 1) if (flags[w]) count += this.byToken.get(w)?.length ?? 0;
      if (count < rarestCount) [rarest, rarestCount] = [i, count];
    });
    for (let w = 0; w < n; w += 1) {
      if (!near[rarest]![w]) continue;
      for (const row of this.byToken.get(w) ?? []) {
        if (check(row, (l) => contains(near, l))) return found;
      }
    }
    // L within U: the rows whose first word is near one of U's.
    for (let w = 0; w < n; w += 1) {
      if (!near.some((flags) => flags[w])) continue;
      for (const row of this.byFirst.get(w) ?? []) {
        if (check(row, (l) => containedIn(l, near))) return found;
      }
    }
    return [...new Set(found)];
  }

  get size(): number {
    return this.rows.length;
  }
}

function push(map: Map<number, number[]>, key: number, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Every token of U (given by its similarity flags) has its own similar token in L. */
function contains(near: readonly Uint8Array[], l: Int32Array): boolean {
  if (near.length > l.length) return false;
  for (const flags of near) if (!l.some((id) => flags[id] === 1)) return false;
  return matchAll(near.length, l.length, (i, j) => near[i]![l[j]!] === 1);
}

/** Every token of L has its own similar token in U. */
function containedIn(l: Int32Array, near: readonly Uint8Array[]): boolean {
  if (l.length > near.length) return false;
  for (const id of l) if (!near.some((flags) => flags[id] === 1)) return false;
  return matchAll(l.length, near.length, (i, j) => near[j]![l[i]!] === 1);
}

/** A matching of every left item to a distinct right item (augmenting paths; a few items). */
function matchAll(left: number, right: number, edge: (i: number, j: number) => boolean): boolean {
  const owner = new Int32Array(right).fill(-1);
  const tryItem = (i: number, visited: Uint8Array): boolean => {
    for (let j = 0; j < right; j += 1) {
      if (visited[j] || !edge(i, j)) continue;
      visited[j] = 1;
      if (owner[j] === -1 || tryItem(owner[j]!, visited)) {
        owner[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < left; i += 1) if (!tryItem(i, new Uint8Array(right))) return false;
  return true;
}
