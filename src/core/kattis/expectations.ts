// The expectations of a 2023-07 package's submissions/submissions.yaml, as a problem folder keeps
// them (kattis.json) and as `check` applies them to what the service judged. Each submission gets
// the rules of every top-level glob that matches it or a folder above it, its folder's default
// rule (accepted: permitted [AC]; wrong_answer: permitted [AC, WA], required [WA]; …) with the keys
// the file overrides for that folder, and rules scoped to test data groups (keys such as
// `secret/group1`). A rule holds when every test in its scope has a `permitted` verdict, at least
// one has a `required` one, and the score (the Kattis score, not the service's percentage) equals
// the expected one or lies in its range. Sphere Engine returns every test's verdict, so the rules
// are checked per test, as problemtools does. Parsing is in submission-expectations.ts (the
// importer's bundle); this file needs no YAML parser, so "Check Problem Folder" applies it too.
import { kattisVerdictOf as statusKattisVerdict, type ProblemsResult, SUBMISSION_STATUS } from '../../api';
import type { YamlMap } from './yaml-values';

export const KATTIS_VERDICTS = ['AC', 'WA', 'TLE', 'RTE'] as const;
export type KattisVerdict = (typeof KATTIS_VERDICTS)[number];

export interface ExpectationRule {
  /** The submissions.yaml key it came from (a glob, or a default folder name). */
  key: string;
  /** '' for every test, else a glob on test data paths relative to data/ (e.g. secret/group1). */
  scope: string;
  permitted?: KattisVerdict[];
  required?: KattisVerdict[];
  /** The Kattis score, or an inclusive range. Checked on the whole submission only. */
  score?: number | [number, number];
  /** A substring of a judgemessage.txt: kept for export, not checked (the service does not return a judge's messages). */
  message?: string;
  useForTimeLimit?: boolean | 'lower' | 'upper';
}

export interface KattisExpectation {
  /** Where the submission sits in the package, relative to submissions/ (export puts it back there). */
  kattisPath: string;
  rules: ExpectationRule[];
  /** submissions.yaml's `entrypoint` for it: the file (or Java class) the program starts from. */
  entrypoint?: string;
}

/** kattis.json's `submissions`: what check needs to apply submissions.yaml, and the file for export. */
export interface KattisSubmissions {
  /** submissions/submissions.yaml as read, written back on export. */
  yaml: YamlMap;
  /** Folder solution file (solutions/<verdict>/<name>) → its expectations. */
  bySolution: Record<string, KattisExpectation>;
  /** A scoring problem's full Kattis score: the service reports a percentage of it. */
  fullScore?: number;
}

/** The default rule of each folder the 2023-07 format names (its "Default directories"). */
export const DEFAULT_DIRECTORY_RULES: Record<string, Pick<ExpectationRule, 'permitted' | 'required'>> = {
  accepted: { permitted: ['AC'] },
  rejected: { required: ['RTE', 'TLE', 'WA'] },
  wrong_answer: { permitted: ['AC', 'WA'], required: ['WA'] },
  time_limit_exceeded: { permitted: ['AC', 'TLE'], required: ['TLE'] },
  run_time_error: { permitted: ['AC', 'RTE'], required: ['RTE'] },
  brute_force: { permitted: ['AC', 'RTE', 'TLE'], required: ['RTE', 'TLE'] },
};

/** `{a,b}` expanded (nested braces too) into every pattern it stands for. */
export function expandBraces(pattern: string): string[] {
  const m = /\{([^{}]*)\}/.exec(pattern);
  if (!m) return [pattern];
  return m[1].split(',').flatMap((alt) => expandBraces(pattern.slice(0, m.index) + alt + pattern.slice(m.index + m[0].length)));
}

const segmentRegex = (segment: string) =>
  new RegExp(
    `^${segment
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );

/**
 * Whether `pattern` matches `target` or a folder above it (both relative, '/'-separated): `accepted`
 * and `accepted/*` match `accepted/a.py`; `*` stays within one name; braces are expanded.
 */
export function globMatches(pattern: string, target: string): boolean {
  const parts = target.split('/');
  return expandBraces(pattern.replace(/\/+$/, '')).some((p) => {
    const segs = p.split('/');
    return segs.length <= parts.length && segs.every((s, i) => segmentRegex(s).test(parts[i]));
  });
}

/** The service's status code of a test or submission as the Kattis verdict it stands for (memory limit: a run-time error, as on Kattis). */
export function kattisVerdictOf(code: number): KattisVerdict | `status ${number}` {
  return statusKattisVerdict(code);
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * Why a judged submission does not meet its expectations, or undefined when it does. `testPaths`
 * names the folder's tests under data/; a service that returns no per-test results is judged by
 * its final verdict alone.
 */
export function unmetExpectation(
  exp: KattisExpectation,
  result: Pick<ProblemsResult, 'status' | 'score' | 'testCases'>,
  testPaths: readonly string[],
  fullScore?: number,
): string | undefined {
  const tests = result.testCases.length
    ? result.testCases.map((t) => ({ path: testPaths[t.number] ?? `test ${t.number}`, verdict: kattisVerdictOf(t.status.code) }))
    : [{ path: '', verdict: kattisVerdictOf(result.status.code) }];
  for (const rule of exp.rules) {
    const inScope = rule.scope === '' ? tests : tests.filter((t) => t.path === '' || globMatches(rule.scope, t.path));
    const where = rule.scope ? ` in ${rule.scope}` : '';
    const from = `(submissions.yaml "${rule.key}")`;
    if (rule.permitted) {
      const bad = inScope.find((t) => !(rule.permitted as string[]).includes(t.verdict));
      if (bad) return `got ${bad.verdict}${bad.path ? ` on ${bad.path}` : ''}, which is not permitted${where} (permitted: ${rule.permitted.join(', ')}) ${from}`;
    }
    if (rule.required && inScope.length && !inScope.some((t) => (rule.required as string[]).includes(t.verdict))) {
      return `no test${where} got ${rule.required.join(' or ')} (required) ${from}`;
    }
    if (rule.score !== undefined && rule.scope === '' && result.status.code === SUBMISSION_STATUS.accepted) {
      const percent = result.score ?? 0;
      const score = fullScore !== undefined ? (percent * fullScore) / 100 : percent;
      const [lo, hi] = typeof rule.score === 'number' ? [rule.score, rule.score] : rule.score;
      if (!(near(score, lo) || near(score, hi) || (score > lo && score < hi))) {
        return `got score ${Number(score.toFixed(6))}, expected ${lo === hi ? lo : `[${lo}, ${hi}]`} ${from}`;
      }
    }
  }
  return undefined;
}

/**
 * Whether an accepted solution's time may set the time limit (the spec's lower bound): not when a
 * rule says `use_for_time_limit: false`, nor when it is permitted to time out, nor when it is marked
 * `lower` or `upper` (its bound is checked against the limit instead: time-bounds.ts).
 */
export const usedForTimeLimit = (exp: KattisExpectation | undefined) =>
  !exp || !exp.rules.some((r) => r.useForTimeLimit === false || r.useForTimeLimit === 'lower' || r.useForTimeLimit === 'upper' || (r.scope === '' && r.permitted?.includes('TLE')));
