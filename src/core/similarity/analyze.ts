// Compares every pair of a class's solutions at once: winnowed fingerprints of each solution
// (base code removed, code most of the class shares ignored), an inverted index from fingerprint
// to the solutions holding it, and a pair counter fed only by fingerprints two solutions share,
// so the work grows with what is shared, not with the number of pairs. The top pairs then get
// their matched regions recovered (regions.ts) for the longest shared fragment.
import { lineRange, matchRegions } from './regions';
import { MOSTLY_SHARED, scoreByWhatRemains } from './remains';
import type { NormaliseOptions } from './normalise';
import { tokenize, type SourceFile, type TokenStream } from './tokens';
import type { PairScore, PairView, SimilarityReport, SolutionInput } from './types';
import { kgramHashes, winnow } from './winnow';

export interface AnalyzeOptions {
  /** Tokens per k-gram. */
  k?: number;
  /** Winnowing window (k-grams). */
  window?: number;
  /** The template the students were given: its k-grams are never evidence. */
  base?: { path: string; files: SourceFile[] };
  /** A fingerprint held by more than this share of the class is ignored… */
  commonShare?: number;
  /** …in a class of at least this many solutions (in a small class, "most" may be the copiers). */
  commonMinClass?: number;
  /** Token rewrites that undo structural disguises (normalise.ts). */
  normalise?: NormaliseOptions;
  /** Pairs whose longest shared fragment is computed (the top ones). */
  detailedPairs?: number;
  skipped?: SimilarityReport['skipped'];
  folder?: string;
}

export const DEFAULTS = {
  k: 8,
  window: 5,
  commonShare: 0.5,
  commonMinClass: 10,
  detailedPairs: 500,
  normalise: { increments: true, loops: true, unused: true, order: true, inline: true, ranges: true } as NormaliseOptions,
};

interface Prepared {
  input: SolutionInput;
  tokens: TokenStream;
  /** Fingerprints kept (base and class-wide ones removed), as parallel arrays. */
  hashes: Uint32Array;
  positions: Uint32Array;
  distinct: number;
}

export class SimilarityAnalysis {
  readonly report: SimilarityReport;
  private readonly prepared: Prepared[];
  private readonly byKey = new Map<string, number>();
  private readonly k: number;

  constructor(solutions: readonly SolutionInput[], options: AnalyzeOptions = {}) {
    const k = (this.k = options.k ?? DEFAULTS.k);
    const w = options.window ?? DEFAULTS.window;
    const commonShare = options.commonShare ?? DEFAULTS.commonShare;
    const commonMinClass = options.commonMinClass ?? DEFAULTS.commonMinClass;

    const baseHashes = new Set<number>();
    const normalise = options.normalise ?? DEFAULTS.normalise;
    if (options.base) for (const h of kgramHashes(tokenize(options.base.files, normalise), k)) baseHashes.add(h);
    let removedByBase = 0;

    const raw = solutions.map((input) => {
      const tokens = tokenize(input.files, normalise);
      const fp = winnow(tokens, k, w);
      const keep: number[] = [];
      for (let i = 0; i < fp.hashes.length; i++) {
        if (baseHashes.has(fp.hashes[i])) removedByBase++;
        else keep.push(i);
      }
      return { input, tokens, hashes: fp.hashes, positions: fp.positions, keep };
    });

    // The inverted index: fingerprint → the solutions holding it (each once, in order).
    const index = new Map<number, number[]>();
    raw.forEach((r, doc) => {
      for (const i of r.keep) {
        const h = r.hashes[i];
        const docs = index.get(h);
        if (!docs) index.set(h, [doc]);
        else if (docs[docs.length - 1] !== doc) docs.push(doc);
      }
    });
    const n = raw.length;
    const applied = n >= commonMinClass;
    const common = new Set<number>();
    if (applied) for (const [h, docs] of index) if (docs.length > n * commonShare) common.add(h);

    const sharedShare: Array<number | undefined> = [];
    this.prepared = raw.map((r, doc) => {
      const kept = r.keep.filter((i) => !common.has(r.hashes[i]));
      if (applied && r.keep.length > 0) sharedShare[doc] = 1 - kept.length / r.keep.length;
      const hashes = Uint32Array.from(kept, (i) => r.hashes[i]);
      return { input: r.input, tokens: r.tokens, hashes, positions: Uint32Array.from(kept, (i) => r.positions[i]), distinct: new Set(hashes).size };
    });
    this.prepared.forEach((p, i) => this.byKey.set(p.input.key, i));

    // Shared fingerprints per pair, in a triangular array: a class of 1,000 is 2 MB of counters.
    const shared = new Uint32Array((n * (n - 1)) / 2);
    const at = (i: number, j: number) => (i * (2 * n - i - 1)) / 2 + (j - i - 1);
    for (const [h, docs] of index) {
      if (docs.length < 2 || common.has(h)) continue;
      for (let x = 0; x < docs.length; x++) for (let y = x + 1; y < docs.length; y++) shared[at(docs[x], docs[y])]++;
    }
    // Mostly shared solutions: every pair with one of them is scored by what remains (remains.ts).
    const thin = applied ? raw.map((_, doc) => doc).filter((doc) => (sharedShare[doc] ?? 0) > MOSTLY_SHARED || this.prepared[doc].distinct === 0) : [];
    const remains = scoreByWhatRemains(
      thin,
      raw.map((r) => r.tokens),
      k,
      baseHashes,
      (holders) => holders > n * commonShare,
    );
    const byRemains = new Map<number, { similarity: number; shared: number }>();
    for (const [i, { scores }] of remains) {
      for (const s of scores) {
        const cell = at(Math.min(i, s.other), Math.max(i, s.other));
        const before = byRemains.get(cell);
        if (!before || s.similarity > before.similarity) byRemains.set(cell, s);
      }
    }
    const isThin = new Set(thin);
    const pairs: PairScore[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (isThin.has(i) || isThin.has(j)) {
          const r = byRemains.get(at(i, j));
          if (r) pairs.push({ a: this.prepared[i].input.key, b: this.prepared[j].input.key, similarity: Math.min(1, r.similarity), shared: r.shared });
          continue;
        }
        const s = shared[at(i, j)];
        if (s === 0) continue;
        const mean = (this.prepared[i].distinct + this.prepared[j].distinct) / 2;
        pairs.push({ a: this.prepared[i].input.key, b: this.prepared[j].input.key, similarity: Math.min(1, s / mean), shared: s });
      }
    }
    pairs.sort((x, y) => y.similarity - x.similarity || y.shared - x.shared || x.a.localeCompare(y.a) || x.b.localeCompare(y.b));
    for (const pair of pairs.slice(0, options.detailedPairs ?? DEFAULTS.detailedPairs)) {
      const view = this.regionsOf(this.byKey.get(pair.a)!, this.byKey.get(pair.b)!);
      const top = view[0];
      if (top) {
        const a = this.prepared[this.byKey.get(pair.a)!].input.files;
        const b = this.prepared[this.byKey.get(pair.b)!].input.files;
        pair.longest = { tokens: top.tokens, a: lineRange(a, top.a), b: lineRange(b, top.b) };
      }
    }

    this.report = {
      folder: options.folder ?? '',
      createdAt: new Date().toISOString(),
      settings: { k, window: w, commonShare, commonMinClass },
      solutions: this.prepared.map((p, doc) => ({
        key: p.input.key,
        kind: p.input.kind,
        files: p.input.files.map((f) => f.path),
        tokens: p.tokens.length,
        fingerprints: remains.get(doc)?.remainder ?? p.distinct,
        ...(sharedShare[doc] !== undefined && { sharedShare: sharedShare[doc] }),
        ...(isThin.has(doc) && { comparedByRemainder: true }),
      })),
      skipped: options.skipped ?? [],
      excluded: {
        base: options.base && { path: options.base.path, fingerprints: baseHashes.size, removed: removedByBase },
        common: { fingerprints: common.size, applied },
      },
      pairs,
      unrelatedPairs: (n * (n - 1)) / 2 - pairs.length,
    };
  }

  /** Both solutions' files and their matched regions, longest first: the side-by-side view. */
  pairView(a: string, b: string): PairView | undefined {
    const i = this.byKey.get(a);
    const j = this.byKey.get(b);
    if (i === undefined || j === undefined || i === j) return undefined;
    const pair = this.report.pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
    return {
      similarity: pair?.similarity ?? 0,
      a: { key: a, files: this.prepared[i].input.files },
      b: { key: b, files: this.prepared[j].input.files },
      regions: this.regionsOf(i, j),
    };
  }

  private regionsOf(i: number, j: number) {
    const x = this.prepared[i];
    const y = this.prepared[j];
    return matchRegions({ hashes: x.hashes, positions: x.positions, tokens: x.tokens }, { hashes: y.hashes, positions: y.positions, tokens: y.tokens }, this.k);
  }
}
