// Which compiler a solution file goes to, free of `vscode`: the one every command chooses
// (src/core/languages/compiler-choice.ts: the user's override, else the language table), but only when the
// problems module offers that compiler.
import type { Compiler } from '../../api';
import { chooseCompiler } from '../../core/languages';

/**
 * The compiler to use without asking, or undefined when the user must choose. `available` is
 * GET /compilers of the problems module; undefined when it could not be read (then the choice is
 * used and the service has the last word). `overrides`: the languageOverrides setting.
 */
export function suggestCompiler(fileName: string, languageId: string | undefined, available: readonly Compiler[] | undefined, overrides?: unknown): number | undefined {
  const choice = chooseCompiler({ languageId, fileName }, overrides, available);
  if (!choice) return undefined;
  return !available || available.some((c) => c.id === choice.compilerId) ? choice.compilerId : undefined;
}

/** Compilers ordered for a picker: the suggestion first, then by name. */
export function orderCompilers(available: readonly Compiler[], suggestion: number | undefined): Compiler[] {
  return [...available].sort((a, b) => {
    if (a.id === suggestion) return -1;
    if (b.id === suggestion) return 1;
    return a.name.localeCompare(b.name);
  });
}

/** "0,2" / "0 2" / "0-2" → [0, 1, 2]; undefined when the text is not a list of test numbers. */
export function parseTestList(text: string): number[] | undefined {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return undefined;
  const numbers = new Set<number>();
  for (const part of parts) {
    const range = /^(\d+)-(\d+)$/.exec(part);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (to < from || to - from > 1000) return undefined;
      for (let n = from; n <= to; n++) numbers.add(n);
    } else if (/^\d+$/.test(part)) {
      numbers.add(Number(part));
    } else {
      return undefined;
    }
  }
  return [...numbers].sort((a, b) => a - b);
}
