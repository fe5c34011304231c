// What the similarity tests compare: a file's token kinds under some rewrites, and the score of
// two one-file solutions under the engine's defaults.
import { SimilarityAnalysis } from '../../../src/core/similarity';
import type { NormaliseOptions } from '../../../src/core/similarity/normalise';
import { tokenize } from '../../../src/core/similarity/tokens';

export function kindsOf(file: string, text: string, normalise: NormaliseOptions): number[] {
  const t = tokenize([{ path: file, text }], normalise);
  return Array.from(t.kinds.slice(0, t.length));
}

export function pairSimilarity(file: string, a: string, b: string): number {
  return (
    new SimilarityAnalysis([
      { key: `a-${file}`, kind: 'file', files: [{ path: file, text: a }] },
      { key: `b-${file}`, kind: 'file', files: [{ path: file, text: b }] },
    ]).report.pairs[0]?.similarity ?? 0
  );
}
