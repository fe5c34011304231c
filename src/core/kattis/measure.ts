// The time limit of an imported Kattis package, derived as Kattis derives it: the accepted
// solutions run on the service (with kattis.json's measuring limit on every test), the slowest
// one's slowest test gives the limit by the package's rule (time-limit.ts), which is written to
// every test in problem.json, recorded in kattis.json, and pushed. `check` does this first when
// the folder still needs it; what was done and why comes back as lines to show, with the
// expectations of a 2023-07 package's submissions.yaml for the check to apply (expectations.ts).
// Submissions marked `use_for_time_limit: lower / upper` run in the same measuring run without
// setting the limit; their bounds are checked against it (time-bounds.ts) and a violated one becomes
// that submission's failure. An output-only package's answers are sent as programs printing them
// (answer-program.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProblemsClient } from '../../api';
import {
  applyPlan,
  checkProblemFolder,
  describeCheck,
  planPush,
  ProblemFolderError,
  pushSucceeded,
  readProblemFolder,
  serializeProblemJson,
  SETTINGS_FILE,
  type CheckOptions,
  type ProblemJson,
  type SolutionCheck,
} from '../problem-folder';
import { unmetExpectation, usedForTimeLimit } from './expectations';
import { MEASURING_LIMIT, needsMeasuring, readKattisSettings, writeKattisSettings, type KattisSettings } from './folder-settings';
import { prepareAnswers } from './answer-program';
import { prepareKattis } from './languages';
import { boundRules, checkBounds, describeBound, violatedBounds } from './time-bounds';
import { deriveTimeLimit, RULE_KEYS } from './time-limit';
import { safeWriteFile } from '../safe-write';

export interface MeasureOptions extends Pick<CheckOptions, 'sleep' | 'signal' | 'compilers'> {
  /** Where the changed limits are pushed. */
  endpoint: string;
}

export interface Measured {
  /** What was done and why; empty: nothing to do. */
  lines: string[];
  /**
   * The accepted solutions as judged while measuring: those that ran within the derived limit (the
   * limit is their time times a multiplier of at least 1), those that failed even with the measuring
   * limit (a failure under any lower limit too), and those skipped; a check takes these as they are.
   */
  judged: SolutionCheck[];
  /** The solutions' own expectations (submissions.yaml), for checkProblemFolder's `expectationFor`. */
  expectationFor: NonNullable<CheckOptions['expectationFor']>;
  /** For a Kattis folder: its submissions as Kattis runs them (languages.ts), for checkProblemFolder's `prepare`. */
  prepare?: CheckOptions['prepare'];
}

/**
 * Each solution's submissions.yaml expectations as kattis.json keeps them, as a check applies them;
 * a `use_for_time_limit: lower / upper` bound that the derived limit violates (time-bounds.ts) is
 * that solution's failure too.
 */
export function expectationsOf(settings: KattisSettings | undefined): Measured['expectationFor'] {
  const subs = settings?.submissions;
  return (file) => {
    const exp = subs?.bySolution[file];
    const bound = violatedBounds(settings?.derived?.bounds, file);
    // Both said when both fail: a wrong verdict does not hide a violated bound.
    return exp && ((result) => [unmetExpectation(exp, result, settings?.testPaths ?? [], subs!.fullScore), bound].filter(Boolean).join('; ') || undefined);
  };
}

/** Derives, writes and pushes the time limit when the folder needs it. */
export async function measureKattisLimits(client: ProblemsClient, dir: string, o: MeasureOptions): Promise<Measured> {
  const settings = readKattisSettings(dir);
  const expectationFor = expectationsOf(settings);
  const prepare = settings?.outputOnly
    ? prepareAnswers(dir, settings.testPaths ?? [])
    : settings
      ? prepareKattis(
          dir,
          (file) => settings.submissions?.bySolution[file]?.entrypoint ?? settings.included?.[file]?.entry,
          (file) => settings.included?.[file]?.language,
        )
      : undefined;
  if (!needsMeasuring(settings)) return { lines: [], judged: [], expectationFor, prepare };
  const folder = readProblemFolder(dir);
  const expOf = (file: string) => settings.submissions?.bySolution[file];
  const accepted = folder.solutions.filter((s) => s.expected === 'accepted' && usedForTimeLimit(expOf(s.file)));
  if (!accepted.length)
    throw new ProblemFolderError([
      'The time limit is derived from the accepted solutions (as Kattis does), and solutions/accepted/ is empty: add one, or set "timeLimit" in problem.json and "fixed" in kattis.json.',
    ]);
  // use_for_time_limit: lower / upper submissions run beside them, with the same measuring limit,
  // so that their bounds can be checked against the limit derived (time-bounds.ts).
  const bounded = folder.solutions.filter((s) => boundRules(expOf(s.file)).length);
  const all = await checkProblemFolder(client, { ...folder, solutions: [...accepted, ...bounded] }, { ...o, expectationFor, prepare });
  const checks = all.slice(0, accepted.length);
  // A failing accepted solution is the check's failure, reported with what it got; the limit comes
  // from those that passed, and every other solution is still judged (issue 38).
  const failed = checks.filter((c) => !c.ok && !c.skipped);
  const judged = checks.filter((c) => c.ok);
  if (!judged.length) {
    throw new ProblemFolderError([
      `No accepted solution passed with ${MEASURING_LIMIT} s per test (${checks.map((c) => describeCheck(c).replace(/\s+/, ' ')).join('; ')}), so the time limit cannot be derived and nothing else was judged: fix or move an accepted solution, or set "timeLimit" in problem.json and "fixed" in kattis.json.`,
    ]);
  }
  let slowest = 0;
  let by = judged[0].file;
  for (const c of judged) {
    const t = Math.max(0, ...(c.testTimes ?? []));
    if (t > slowest) [slowest, by] = [t, c.file];
  }
  const derived = deriveTimeLimit(settings.timeLimit, slowest);
  const rule = settings.timeLimit;
  const bounds = all.slice(accepted.length).flatMap((c) => checkBounds(c, boundRules(expOf(c.file)), derived.limit, rule, settings.testPaths ?? [], MEASURING_LIMIT));
  const file = path.join(dir, SETTINGS_FILE);
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as ProblemJson;
  json.tests = json.tests.map((t) => ({ ...t, timeLimit: derived.limit }));
  safeWriteFile(dir, file, serializeProblemJson(json));
  const settled = { ...settings, derived: { ...derived, slowest, solution: by, ...(bounds.length ? { bounds } : {}) } };
  writeKattisSettings(dir, settled);
  const lines = [
    ...(failed.length
      ? [`The time limit is derived from the accepted solutions that passed; ${failed.length} did not (${failed.map((c) => c.file).join(', ')}: reported below as failures).`]
      : []),
    `Time limit ${derived.limit} s on every test: the slowest accepted solution, ${by}, took ${slowest} s on a test; × ${rule.multiplier} (${RULE_KEYS[rule.format].multiplier}), ` +
      `rounded as Kattis does. Solutions expected to time out should still do so at ${derived.tleLimit} s (× ${rule.margin}, ${RULE_KEYS[rule.format].margin}). Written to problem.json and kattis.json.`,
    ...bounds.map((b) => describeBound(b, derived.limit, rule)),
  ];
  if (folder.json.link) {
    const plan = await planPush(client, readProblemFolder(dir), o.endpoint, o.signal);
    const result = await applyPlan(client, plan, { allowDeletes: false, signal: o.signal });
    if (!pushSucceeded(result)) throw new ProblemFolderError(['The derived time limit was written to problem.json but could not be pushed: push the folder, then check again.']);
    lines.push(`Pushed the new time limit (${result.applied.length} test case${result.applied.length === 1 ? '' : 's'} changed).`);
  }
  const within = judged.filter((c) => Math.max(0, ...(c.testTimes ?? [])) <= derived.limit);
  // The bounded submissions are judged again with the derived limit, their bounds part of their expectations.
  return { lines, judged: [...within, ...failed, ...checks.filter((c) => c.skipped)], expectationFor: expectationsOf(settled), prepare };
}
