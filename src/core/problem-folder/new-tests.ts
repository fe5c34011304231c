// A pair of test files dropped in without an entry in problem.json is a new test: it takes the
// judge most of the problem's listed tests use (an exact-judge problem stays exact), not a fixed
// default that would silently judge it differently; and the preview says which judge it gets.
import { TEST_DEFAULTS, type JudgeRef, type ProblemJson, type TestJson } from './format';

/** The settings of a new test of this problem: the defaults, with the judge most of its tests use. */
export function newTestSettings(json: Pick<ProblemJson, 'tests'>, number: number): TestJson {
  const counts = new Map<JudgeRef, number>();
  for (const t of json.tests) counts.set(t.judge, (counts.get(t.judge) ?? 0) + 1);
  let judge: JudgeRef = TEST_DEFAULTS.judge;
  let most = 0;
  // Ties go to the judge of the lowest-numbered test (json.tests is in file order: as listed).
  for (const [ref, n] of counts) if (n > most) [judge, most] = [ref, n];
  return { number, ...TEST_DEFAULTS, judge };
}

/** "judge 10" or `judge "checker"`, as the preview names a test's judge. */
export function judgeText(ref: JudgeRef): string {
  return typeof ref === 'number' ? `judge ${ref}` : `judge "${ref}"`;
}
