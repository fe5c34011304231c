// Recovers what two solutions share as regions of source: fingerprints both hold are matched
// position to position, runs of matches on the same diagonal (the same offset between the two
// token streams) with small gaps are merged into one region, and the longest regions are kept
// so that no token belongs to two regions on either side (a region on one side has exactly one
// partner on the other, which is what the side-by-side view links).
import type { SourceFile, TokenStream } from './tokens';
import type { LineRange, Region } from './types';

export interface Side {
  hashes: Uint32Array;
  positions: Uint32Array;
  tokens: TokenStream;
}

/** Positions per hash kept for matching: a hash repeated more often is boilerplate within the file. */
const MAX_REPEATS = 4;
/** Above any token position (a 1 MiB solution has fewer tokens than bytes). */
const POSITION_SPAN = 2 ** 21;

export function matchRegions(a: Side, b: Side, k: number): Region[] {
  const inA = new Map<number, number[]>();
  for (let i = 0; i < a.hashes.length; i++) {
    const list = inA.get(a.hashes[i]);
    if (!list) inA.set(a.hashes[i], [a.positions[i]]);
    else if (list.length < MAX_REPEATS) list.push(a.positions[i]);
  }
  // Each match (pa, pb) as one number ordered by diagonal (pa - pb), then by pa: a typed array
  // sorts these without a comparator or an object per match.
  const keys: number[] = [];
  const seenB = new Map<number, number>();
  const shift = b.tokens.length;
  for (let j = 0; j < b.hashes.length; j++) {
    const list = inA.get(b.hashes[j]);
    if (!list) continue;
    const count = seenB.get(b.hashes[j]) ?? 0;
    if (count >= MAX_REPEATS) continue;
    seenB.set(b.hashes[j], count + 1);
    for (const pa of list) keys.push((pa - b.positions[j] + shift) * POSITION_SPAN + pa);
  }
  const sorted = Float64Array.from(keys).sort();

  // Merge runs on one diagonal whose k-grams overlap or nearly touch.
  const runs: Array<{ a0: number; a1: number; b0: number; b1: number }> = [];
  for (const key of sorted) {
    const pa = key % POSITION_SPAN;
    const pb = pa - (Math.floor(key / POSITION_SPAN) - shift);
    const last = runs[runs.length - 1];
    if (last && last.a0 - last.b0 === pa - pb && pa <= last.a1 + k) {
      last.a1 = Math.max(last.a1, pa + k);
      last.b1 = Math.max(last.b1, pb + k);
    } else runs.push({ a0: pa, a1: pa + k, b0: pb, b1: pb + k });
  }
  runs.sort((x, y) => y.a1 - y.a0 - (x.a1 - x.a0) || x.a0 - y.a0);

  // Tokens already in a kept region, per side: an overlap check costs the run's length, not the regions'.
  const takenA = new Uint8Array(a.tokens.length + k);
  const takenB = new Uint8Array(b.tokens.length + k);
  const overlaps = (taken: Uint8Array, s: number, e: number) => {
    for (let i = s; i < e; i++) if (taken[i]) return true;
    return false;
  };
  const regions: Region[] = [];
  // The source text a run covers: from its leftmost token to its rightmost in its first token's file
  // (a region stays in one file: k-grams never cross files). Rewrites (normalise.ts, statements.ts,
  // inline.ts) move tokens, so a run's last token may sit before its first in the text.
  const span = (side: Side, s: number, e: number) => {
    const file = side.tokens.files[s];
    let start = side.tokens.starts[s];
    let end = side.tokens.ends[s];
    for (let i = s + 1; i < Math.min(e, side.tokens.length); i++) {
      if (side.tokens.files[i] !== file) continue;
      start = Math.min(start, side.tokens.starts[i]);
      end = Math.max(end, side.tokens.ends[i]);
    }
    return { file, start, end };
  };
  // Regions on a side never overlap in the text either (the side-by-side view marks each once).
  const clash = (kept: Region[], side: 'a' | 'b', x: { file: number; start: number; end: number }) =>
    kept.some((r) => r[side].file === x.file && r[side].start < x.end && x.start < r[side].end);
  for (const r of runs) {
    if (overlaps(takenA, r.a0, r.a1) || overlaps(takenB, r.b0, r.b1)) continue;
    const sa = span(a, r.a0, r.a1);
    const sb = span(b, r.b0, r.b1);
    if (clash(regions, 'a', sa) || clash(regions, 'b', sb)) continue;
    takenA.fill(1, r.a0, r.a1);
    takenB.fill(1, r.b0, r.b1);
    regions.push({ id: regions.length, tokens: r.a1 - r.a0, a: sa, b: sb });
  }
  return regions;
}

/** The 1-based lines a character range covers in one of a solution's files. */
export function lineRange(files: readonly SourceFile[], span: { file: number; start: number; end: number }): LineRange {
  const text = files[span.file]?.text ?? '';
  const lineAt = (offset: number) => {
    let line = 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    return line;
  };
  return { file: files[span.file]?.path ?? '', from: lineAt(span.start), to: lineAt(Math.max(span.start, span.end - 1)) };
}
