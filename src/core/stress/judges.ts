// How a stress test decides that the solution's output agrees with the reference's. By default as
// Run With All Inputs compares a test (line by line, trailing spaces and final blank lines do not
// matter); `"judge"` in stress.json picks one of the rules of Sphere Engine's built-in test case
// judges instead, for answers that may be written in more than one way:
//   lines        the default, as Run With All Inputs
//   tokens       extra whitespace ignored, line breaks included (built-in judge 1)
//   floats-1e-2  numbers within ±0.01, other tokens equal (built-in judge 2)
//   floats-1e-6  numbers within ±0.000001 (built-in judge 3)
//   exact        byte for byte (built-in judge 10)
// A checker program (a custom judge, `"checker"` in stress.json) replaces these rules: it runs on
// the Problems API (features/stress/problems-checker.ts).
import { compareOutputs } from '../compilers';
import type { CompareOutputs } from './types';

export const STRESS_JUDGES = ['lines', 'tokens', 'floats-1e-2', 'floats-1e-6', 'exact'] as const;
export type StressJudge = (typeof STRESS_JUDGES)[number];

export function isStressJudge(value: unknown): value is StressJudge {
  return typeof value === 'string' && (STRESS_JUDGES as readonly string[]).includes(value);
}

/** Words for a notification: "compared as numbers within ±1e-6". */
export function describeJudge(judge: StressJudge): string {
  switch (judge) {
    case 'lines':
      return 'compared line by line';
    case 'tokens':
      return 'compared token by token';
    case 'floats-1e-2':
      return 'compared as numbers within ±1e-2';
    case 'floats-1e-6':
      return 'compared as numbers within ±1e-6';
    case 'exact':
      return 'compared byte for byte';
  }
}

interface Token {
  text: string;
  line: number;
}

function tokensOf(output: string): Token[] {
  const found: Token[] = [];
  output.split('\n').forEach((line, i) => {
    for (const text of line.split(/\s+/)) if (text) found.push({ text, line: i + 1 });
  });
  return found;
}

/** Equal tokens, or two numbers within `tolerance` (a hair of slack for binary rounding). */
function sameToken(tolerance: number | undefined, a: string, b: string): boolean {
  if (a === b) return true;
  if (tolerance === undefined) return false;
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= tolerance * (1 + 1e-9);
}

function byTokens(tolerance?: number): CompareOutputs {
  return (expected, actual) => {
    const want = tokensOf(expected);
    const got = tokensOf(actual);
    for (let i = 0; i < Math.max(want.length, got.length); i++) {
      const [w, g] = [want[i], got[i]];
      if (!w || !g || !sameToken(tolerance, w.text, g.text)) return { same: false, line: (g ?? w).line };
    }
    return { same: true };
  };
}

const exactly: CompareOutputs = (expected, actual) => {
  if (expected === actual) return { same: true };
  let i = 0;
  while (i < expected.length && i < actual.length && expected[i] === actual[i]) i++;
  return { same: false, line: actual.slice(0, i).split('\n').length };
};

export function compareWith(judge: StressJudge): CompareOutputs {
  switch (judge) {
    case 'lines':
      return compareOutputs;
    case 'tokens':
      return byTokens();
    case 'floats-1e-2':
      return byTokens(1e-2);
    case 'floats-1e-6':
      return byTokens(1e-6);
    case 'exact':
      return exactly;
  }
}
