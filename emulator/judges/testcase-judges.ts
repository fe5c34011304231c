// Built-in test case judges (service-notes §3.4), as plain functions: the service runs them as C
// programs, the emulator needs no compiler for them and stays fast on multi-megabyte outputs.
import type { BuiltinTestCaseJudge, TestCaseJudgeInput, TestCaseJudgeVerdict } from './types';

/** Whitespace runs (space, tab, CR, LF...) separate tokens; leading/trailing ones do not count. */
export function tokens(data: Buffer | string): string[] {
  const text = typeof data === 'string' ? data : data.toString('utf8');
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

function show(token: string | undefined): string {
  if (token === undefined) return 'end of output';
  return JSON.stringify(token.length > 40 ? `${token.slice(0, 40)}...` : token);
}

/** First token where the two sequences differ under `same`, with a note for the debug stream. */
function compareTokens(got: string[], expected: string[], same: (a: string, b: string) => boolean): { ok: true } | { ok: false; note: string } {
  const n = Math.max(got.length, expected.length);
  for (let i = 0; i < n; i++) {
    const a = got[i];
    const b = expected[i];
    if (a === undefined || b === undefined || !same(a, b)) {
      return { ok: false, note: `token ${i + 1}: expected ${show(b)}, got ${show(a)}` };
    }
  }
  return { ok: true };
}

function verdict(result: { ok: true } | { ok: false; note: string }, score = 0): TestCaseJudgeVerdict {
  return result.ok ? { accepted: true, score, debug: '' } : { accepted: false, score: 0, debug: `wrong answer: ${result.note}` };
}

/** 1: ignores extra whitespace (trimmed, runs collapsed, line breaks included). */
export const ignoreWhitespace: BuiltinTestCaseJudge = (j) => verdict(compareTokens(tokens(j.programOutput), tokens(j.referenceOutput), (a, b) => a === b));

/** Numbers are compared with an absolute tolerance; other tokens must be equal. */
function floatsWithin(tolerance: number): BuiltinTestCaseJudge {
  const same = (a: string, b: string) => {
    const x = Number(a);
    const y = Number(b);
    if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(x) && Number.isFinite(y)) {
      // A hair of slack so that 0.01 off with tolerance 1e-2 is not lost to binary rounding.
      return Math.abs(x - y) <= tolerance * (1 + 1e-9);
    }
    return a === b;
  };
  return (j) => verdict(compareTokens(tokens(j.programOutput), tokens(j.referenceOutput), same));
}

/** 2: floating point numbers within ±1e-2. */
export const floats1e2 = floatsWithin(1e-2);
/** 3: floating point numbers within ±1e-6. */
export const floats1e6 = floatsWithin(1e-6);

/** 4: like judge 1, and the score is the solution's length in bytes (for minimize problems). */
export const scoreIsSourceLength: BuiltinTestCaseJudge = (j) => {
  const v = ignoreWhitespace(j);
  return v.accepted ? { ...v, score: j.source.length } : v;
};

/** 9: Academy — judge 1's rule, and the debug stream shows a line diff to help learners. */
export const academy: BuiltinTestCaseJudge = (j) => {
  const v = ignoreWhitespace(j);
  if (v.accepted) return v;
  return { ...v, debug: `${v.debug}\n${lineDiff(j.programOutput, j.referenceOutput)}` };
};

function lineDiff(got: Buffer, expected: Buffer): string {
  const a = got.toString('utf8').replace(/\r/g, '').split('\n');
  const b = expected.toString('utf8').replace(/\r/g, '').split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length) && out.length < 20; i++) {
    const x = (a[i] ?? '').trim().replace(/\s+/g, ' ');
    const y = (b[i] ?? '').trim().replace(/\s+/g, ' ');
    if (x !== y) out.push(`line ${i + 1}: expected ${JSON.stringify(y)}, got ${JSON.stringify(x)}`);
  }
  return out.join('\n');
}

/** 10: exact — byte-identical output. */
export const exact: BuiltinTestCaseJudge = (j: TestCaseJudgeInput) => {
  if (j.programOutput.equals(j.referenceOutput)) return { accepted: true, score: 0, debug: '' };
  const a = j.programOutput;
  const b = j.referenceOutput;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return { accepted: false, score: 0, debug: `wrong answer: outputs differ at byte ${i} (expected ${b.length} bytes, got ${a.length})` };
};
