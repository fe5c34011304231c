// How well a tool's scores separate copies from independent solutions on the leveled corpus
// (similarity-levels.ts). Each class (one task, one language) is compared as a whole; then, for
// every original o and its copy c at a level: is sim(o, c) above sim(o, x) for every other
// independent solution x of the class (the copy ranks first among o's partners)? And ROC AUC per
// language: copy pairs (o, c) of every level against independent pairs (o, x), the chance that a
// copy pair scores above an independent one (ties count half).
import { LEVELS, type LeveledClass } from './similarity-levels';

export type Scores = Record<string, Record<string, number>>;

export interface Quality {
  /** Per level: the share of copies ranked above every independent solution. */
  aboveAll: Record<string, number>;
  /**
   * Per level: the lowest copy pair's score over the highest independent pair's, a finer figure
   * than the ranks when both tools rank every copy first (above 1: a threshold separates them all).
   */
  separation: Record<string, number>;
  auc: number;
  copies: number;
  independentPairs: number;
}

export const classFolder = (cls: LeveledClass) => `${cls.task}-${cls.language}`;

export function quality(classes: readonly LeveledClass[], scores: Scores): Quality {
  const positives: number[] = [];
  const negatives: number[] = [];
  const lowest: Array<{ level: string; score: number }> = [];
  const hits = new Map<string, { above: number; total: number }>(LEVELS.map((l) => [l, { above: 0, total: 0 }]));
  for (const cls of classes) {
    const own = scores[classFolder(cls)] ?? {};
    const sim = (a: string, b: string) => own[[a, b].sort().join('|')] ?? 0;
    for (let i = 0; i < cls.originals.length; i++) for (let j = i + 1; j < cls.originals.length; j++) negatives.push(sim(cls.originals[i].name, cls.originals[j].name));
    for (const copy of cls.copies) {
      const s = sim(copy.of, copy.name);
      positives.push(s);
      lowest.push({ level: copy.level, score: s });
      const best = Math.max(0, ...cls.originals.filter((o) => o.name !== copy.of).map((o) => sim(copy.of, o.name)));
      const h = hits.get(copy.level)!;
      h.total++;
      if (s > best) h.above++;
    }
  }
  const aboveAll: Record<string, number> = {};
  for (const [level, h] of hits) aboveAll[level] = h.total ? h.above / h.total : NaN;
  const highestIndependent = Math.max(...negatives);
  const separation: Record<string, number> = {};
  for (const level of LEVELS) separation[level] = Math.min(...lowest.filter((x) => x.level === level).map((x) => x.score)) / highestIndependent;
  return { aboveAll, separation, auc: auc(positives, negatives), copies: positives.length, independentPairs: negatives.length };
}

/** ROC AUC by sorting once: the Mann–Whitney U statistic over all positive × negative pairs. */
export function auc(positives: readonly number[], negatives: readonly number[]): number {
  if (positives.length === 0 || negatives.length === 0) return NaN;
  const all = [...positives.map((v) => ({ v, p: 1 })), ...negatives.map((v) => ({ v, p: 0 }))].sort((a, b) => a.v - b.v);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j].v === all[i].v) j++;
    const meanRank = (i + 1 + j) / 2; // 1-based ranks i+1..j share their mean
    for (let t = i; t < j; t++) if (all[t].p) rankSum += meanRank;
    i = j;
  }
  const np = positives.length;
  return (rankSum - (np * (np + 1)) / 2) / (np * negatives.length);
}
