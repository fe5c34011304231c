// Which size each round tries: one step at a time while small (so the first failure found is
// the smallest size where a bug shows), then growing by 15 % a round up to the largest size,
// which later rounds keep trying with new seeds.

const LINEAR_ROUNDS = 10;
const GROWTH = 1.15;

export function sizeForRound(round: number, minSize: number, maxSize: number): number {
  if (round < LINEAR_ROUNDS) return Math.min(maxSize, minSize + round);
  const grown = Math.ceil((minSize + LINEAR_ROUNDS - 1) * GROWTH ** (round - LINEAR_ROUNDS + 1));
  return Math.min(maxSize, grown);
}

/**
 * Sizes to try after a failure at `failedSize`: every smaller size when they fit in one batch,
 * else `count` sizes spread over [minSize, failedSize), the smallest first.
 */
export function shrinkSizes(failedSize: number, minSize: number, count: number): number[] {
  const below = failedSize - minSize;
  if (below <= 0) return [];
  if (below <= count) return Array.from({ length: below }, (_, i) => minSize + i);
  const sizes = new Set<number>();
  for (let i = 0; i < count; i++) sizes.add(minSize + Math.floor((i * below) / count));
  return [...sizes].sort((a, b) => a - b);
}

/** The generator's standard input: the Compilers API passes no arguments, so "seed size" is its first line. */
export function generatorInput(seed: number, size: number): string {
  return `${seed} ${size}\n`;
}
