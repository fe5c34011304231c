// Solutions that are mostly code the class shares. Ignoring fingerprints most of the class holds
// (the I/O skeleton, the lesson's idiom) is right for a long solution, but it can leave a short
// one with no evidence at all: it then scored 0 against everything, its own copy included. Such
// a solution is compared by what remains: every k-gram of it (not only the winnowed ones, which
// are too few in a short file), less the base code and less the k-grams most of the class holds,
// counted over every solution's k-grams (the rarest 64 of them at most). The score of a pair is
// the share of that remainder the other solution holds too; a solution of nothing but class-wide
// code is compared by its rarest k-grams. The report names these solutions, so that a person
// knows the score rests on a small part.
import type { TokenStream } from './tokens';
import { kgramHashes, NONE } from './winnow';

/** A solution is "mostly shared" when more than this share of its fingerprints is class-wide. */
export const MOSTLY_SHARED = 0.5;
/** K-grams a mostly shared solution is compared by, at most (the rarest in the class). */
export const MAX_REMAINDER = 64;

export interface RemainScore {
  /** The other solution's index. */
  other: number;
  /** 0..1: the share of the remainder the other solution holds. */
  similarity: number;
  shared: number;
}

/**
 * For each solution in `thin`: its remainder's size and its score against every solution that
 * holds part of it. `isCommon` says whether a k-gram held by this many solutions is class-wide.
 */
export function scoreByWhatRemains(
  thin: readonly number[],
  tokens: readonly TokenStream[],
  k: number,
  base: ReadonlySet<number>,
  isCommon: (holders: number) => boolean,
): Map<number, { remainder: number; scores: RemainScore[] }> {
  const own = new Map<number, Set<number>>();
  const holders = new Map<number, number[]>(); // candidate k-gram → the solutions holding it
  for (const i of thin) {
    const set = new Set<number>();
    for (const h of kgramHashes(tokens[i], k)) if (h !== NONE && !base.has(h)) set.add(h);
    own.set(i, set);
    for (const h of set) holders.set(h, []);
  }
  tokens.forEach((stream, doc) => {
    for (const h of kgramHashes(stream, k)) {
      const docs = holders.get(h);
      if (docs && docs[docs.length - 1] !== doc) docs.push(doc);
    }
  });
  const out = new Map<number, { remainder: number; scores: RemainScore[] }>();
  for (const i of thin) {
    const all = [...own.get(i)!];
    const rest = all.filter((h) => !isCommon(holders.get(h)!.length));
    // The rarest k-grams are the most telling; a bound keeps a class of near-identical solutions
    // (everyone handed in the template) from costing solutions × solutions × k-grams.
    const remainder = (rest.length > 0 ? rest : all).sort((x, y) => holders.get(x)!.length - holders.get(y)!.length || x - y).slice(0, MAX_REMAINDER);
    const counts = new Map<number, number>();
    for (const h of remainder) for (const doc of holders.get(h)!) if (doc !== i) counts.set(doc, (counts.get(doc) ?? 0) + 1);
    const scores = [...counts].map(([other, shared]) => ({ other, shared, similarity: shared / remainder.length }));
    out.set(i, { remainder: remainder.length, scores });
  }
  return out;
}
