// submissions.yaml's `use_for_time_limit: lower` / `upper` (2023-07 and 2025-09 formats, "Timelimit
// inference"): a submission marked `lower` bounds the time limit from below — the limit must be at
// least its slowest time (over the tests the rule covers) × ac_to_time_limit, so it runs well within
// it — and one marked `upper` bounds it from above — its slowest time must exceed limit ×
// time_limit_to_tle, so it times out with the safety margin to spare. The limit itself is derived
// from the accepted solutions (measure.ts); the marked submissions run in the same measuring run
// (10 s a test, so a time-out shows how long it really takes, up to that), and each bound is then
// checked against the derived limit. A violated bound is that submission's failure in `check`,
// with the times measured; kattis.json keeps the outcome, so a later `check` reports it too.
import type { SolutionCheck } from '../problem-folder';
import { globMatches, type KattisExpectation } from './expectations';
import { ms, RULE_KEYS, type TimeLimitRule } from './time-limit';

export type BoundKind = 'lower' | 'upper';

/** One bound a submission sets, as measured and checked (kept in kattis.json's `derived.bounds`). */
export interface TimeBound {
  /** The folder's solution file (solutions/<verdict>/<name>). */
  solution: string;
  kind: BoundKind;
  /** The submissions.yaml key the rule came from, and the test data group it covers ('' for all tests). */
  key: string;
  scope: string;
  /** Its slowest time over the tests in scope, seconds, as measured (absent: it was not judged). */
  time?: number;
  /** True when it ran into the measuring limit: the real time is at least `time`. */
  capped?: boolean;
  /** Why the bound is violated, or cannot be verified; absent when it holds. */
  violated?: string;
}

/** The explicit `use_for_time_limit: lower / upper` rules of a submission, if any. */
export function boundRules(exp: KattisExpectation | undefined): Array<{ kind: BoundKind; key: string; scope: string }> {
  return (exp?.rules ?? []).flatMap((r) => (r.useForTimeLimit === 'lower' || r.useForTimeLimit === 'upper' ? [{ kind: r.useForTimeLimit, key: r.key, scope: r.scope }] : []));
}

/**
 * Each bound of a measured submission, checked against the derived `limit`. `testPaths` names the
 * folder's tests under data/ (for a rule scoped to a group); `measuring` is the limit it ran under.
 */
export function checkBounds(
  check: SolutionCheck,
  rules: ReturnType<typeof boundRules>,
  limit: number,
  rule: TimeLimitRule,
  testPaths: readonly string[],
  measuring: number,
): TimeBound[] {
  const { multiplier: mult, margin } = RULE_KEYS[rule.format];
  return rules.map(({ kind, key, scope }) => {
    const bound: TimeBound = { solution: check.file, kind, key, scope };
    const from = `use_for_time_limit: ${kind} (submissions.yaml "${key}"${scope ? `, tests in ${scope}` : ''})`;
    const times = (check.testTimes ?? []).filter((_, i) => !scope || globMatches(scope, testPaths[i] ?? ''));
    if (check.error || check.skipped || !times.length) {
      bound.violated = `${from} cannot be checked: it was not judged${check.skipped ? ` (${check.skipped.replace(/^skipped: /, '').replace(/\.$/, '')})` : check.error ? ` (${check.error})` : ''}`;
      return bound;
    }
    const time = Math.max(...times);
    bound.time = time;
    bound.capped = time >= measuring;
    if (kind === 'lower') {
      const needed = ms(time * rule.multiplier);
      if (needed > limit) bound.violated = `${from}: it took ${time} s on a test, and ${time} s × ${rule.multiplier} (${mult}) = ${needed} s is above the time limit ${limit} s`;
    } else {
      const must = ms(limit * rule.margin);
      if (bound.capped && must >= measuring)
        bound.violated = `${from} cannot be checked: it ran to the ${measuring} s measuring limit, and the time limit ${limit} s × ${rule.margin} (${margin}) = ${must} s is not below that`;
      else if (!(time > must)) bound.violated = `${from}: it took ${time} s on a test, not more than the time limit ${limit} s × ${rule.margin} (${margin}) = ${must} s`;
    }
    return bound;
  });
}

/** One line for check's output about a bound. */
export function describeBound(b: TimeBound, limit: number, rule: TimeLimitRule): string {
  if (b.violated) return `Bound violated: ${b.solution}: ${b.violated}.`;
  const took = `${b.capped ? 'at least ' : ''}${b.time} s`;
  return b.kind === 'lower'
    ? `Bound holds: ${b.solution} (use_for_time_limit: lower) took ${took}; × ${rule.multiplier} = ${ms(b.time! * rule.multiplier)} s is within the time limit ${limit} s.`
    : `Bound holds: ${b.solution} (use_for_time_limit: upper) took ${took}, more than the time limit ${limit} s × ${rule.margin} = ${ms(limit * rule.margin)} s.`;
}

/** Why a solution fails its recorded bounds, or undefined. */
export function violatedBounds(bounds: readonly TimeBound[] | undefined, file: string): string | undefined {
  const v = (bounds ?? []).filter((b) => b.solution === file && b.violated).map((b) => b.violated!);
  return v.length ? v.join('; ') : undefined;
}
