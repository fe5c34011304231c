// Problem folder → Kattis problem package (legacy layout, which the 2023-07 tools still read):
// problem.yaml (with the time limit rule kattis.json keeps), .timelimit, problem_statement/,
// data/sample and data/secret — the scoring groups again when the scoring master judge holds
// them, else a group per run of tests with the same judge, its validator flags in testdata.yaml —
// submissions/<verdict>/ (multi-file solutions as folders; those with expectations where the
// package had them, and submissions/submissions.yaml written back), output_validators/ when the tests use
// a Kattis validator the import adapted (validator-export.ts; an interactor for an interactive
// problem), and the parts the import kept in kattis-package/. What Kattis cannot express (other
// custom judges, inactive tests, per-test time limits, verdicts it has no folder for) is listed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProblemFolderError } from '../problem-folder/errors';
import type { Verdict } from '../problem-folder/format';
import { readProblemFolder, type LocalTest } from '../problem-folder/read';
import { readKattisSettings } from './folder-settings';
import { KEPT_DIR } from './import';
import { copyTree, listEntries } from './package-files';
import { SCORING_JUDGE_KEY, scoringTreeOf, type ScoringTree } from './scoring-judge';
import { validatorForExport } from './validator-export';
import { defaultJudgeFlags } from './default-judge';
import { RULE_KEYS } from './time-limit';
import { flagsForJudge } from './validator-flags';
import type { YamlMap } from './yaml';
import { toYaml } from './yaml-write';
import { safeCopyFile, safeMkdir, safeWriteFile } from '../safe-write';

export interface KattisExportResult {
  tests: number;
  submissions: number;
  /** What the package does not hold, with the reason. Empty: everything went over. */
  notExported: string[];
}

const KATTIS_VERDICTS: Partial<Record<Verdict, string>> = {
  accepted: 'accepted',
  wrong_answer: 'wrong_answer',
  time_limit_exceeded: 'time_limit_exceeded',
  runtime_error: 'run_time_error',
  partially_accepted: 'partially_accepted',
  rejected: 'rejected',
};

const base = (t: LocalTest) => String(t.number).padStart(3, '0');

function copyTest(pkg: string, t: LocalTest, groupDir: string): void {
  safeCopyFile(pkg, t.inputPath, path.join(groupDir, `${base(t)}.in`));
  safeCopyFile(pkg, t.outputPath, path.join(groupDir, `${base(t)}.ans`));
}

/** The scoring groups as folders with their testdata.yaml; the tests placed return true in `placed`. */
function writeScoringGroups(pkg: string, node: ScoringTree, byNumber: Map<number, LocalTest>, placed: Set<number>, flagsOf: (t: LocalTest) => string): void {
  const dir = path.join(pkg, ...node.rel.split('/'));
  safeMkdir(pkg, dir);
  const tests = node.items.filter((i): i is { test: number; accept: number; reject: number } => 'test' in i);
  const config: YamlMap = {
    on_reject: node.onReject,
    grader_flags: node.flags.join(' '),
    ...(node.range ? { range: node.range.join(' ') } : {}),
    ...(tests.length ? { accept_score: tests[0].accept, reject_score: tests[0].reject } : {}),
  };
  const first = tests.map((i) => byNumber.get(i.test)).find((t) => t !== undefined);
  if (first && flagsOf(first)) config.output_validator_flags = flagsOf(first);
  safeWriteFile(pkg, path.join(dir, 'testdata.yaml'), toYaml(config));
  for (const item of node.items) {
    if ('test' in item) {
      const t = byNumber.get(item.test);
      if (t) {
        copyTest(pkg, t, dir);
        placed.add(t.number);
      }
    } else writeScoringGroups(pkg, item, byNumber, placed, flagsOf);
  }
}

export function exportKattis(dir: string, pkg: string): KattisExportResult {
  const folder = readProblemFolder(dir);
  if (fs.existsSync(pkg) && fs.readdirSync(pkg).length) throw new ProblemFolderError([`${pkg} is not empty: export into a new folder.`]);
  const notExported: string[] = [];
  const active = folder.tests.filter((t) => t.active);
  const inactive = folder.tests.filter((t) => !t.active).map((t) => t.number);
  if (inactive.length) notExported.push(`Inactive tests ${inactive.join(', ')}: Kattis judges every test in data/.`);
  if (!active.length) throw new ProblemFolderError(['The folder has no active test to export.']);

  const validator = validatorForExport(folder, active, notExported);
  if (folder.json.interactive && !validator) {
    throw new ProblemFolderError([
      "This interactive problem's judges are not an interactor the Kattis import adapted (kattis-validator/): a Sphere Engine interactive judge speaks another protocol than a Kattis interactor, so it is not exported.",
    ]);
  }
  // Judges the import made for Kattis's default validator go back as their flags.
  const defaultFlags = new Map(
    folder.judges
      .filter((j) => j.type === 'testcase')
      .map((j) => [j.key, defaultJudgeFlags(fs.readFileSync(j.sourcePath, 'utf8'))] as const)
      .filter((e): e is [string, string] => e[1] !== undefined),
  );
  const flagsOf = (t: LocalTest): string => {
    const flags = validator ? validator.flagsOf(t) : typeof t.judge === 'number' ? flagsForJudge(t.judge) : defaultFlags.get(t.judge);
    if (flags !== undefined) return flags;
    notExported.push(`Test ${t.number} uses judge ${JSON.stringify(t.judge)}, which has no Kattis validator flags: it is exported with Kattis's default comparison.`);
    return '';
  };
  const scoringJudge = folder.json.masterJudge === SCORING_JUDGE_KEY ? folder.judges.find((j) => j.key === SCORING_JUDGE_KEY) : undefined;
  const tree = scoringJudge && scoringTreeOf(fs.readFileSync(scoringJudge.sourcePath, 'utf8'));

  // Kattis sets validator flags per test data group and judges groups in name order: one group per
  // run of consecutive tests with the same judge keeps both the comparison and the order.
  const groups: Array<{ flags: string; tests: typeof active }> = [];
  const placed = new Set<number>();
  safeMkdir(pkg, pkg);
  if (tree) {
    writeScoringGroups(pkg, tree, new Map(active.map((t) => [t.number, t])), placed, flagsOf);
    const rest = active.filter((t) => !placed.has(t.number));
    for (const t of rest) copyTest(pkg, t, path.join(pkg, 'data', 'sample'));
  } else {
    for (const t of active) {
      const flags = flagsOf(t);
      const last = groups.at(-1);
      if (last && last.flags === flags) last.tests.push(t);
      else groups.push({ flags, tests: [t] });
    }
  }
  const limits = [...new Set(active.map((t) => t.timeLimit))];
  if (limits.length > 1) notExported.push(`Per-test time limits (${limits.join(', ')} s): Kattis has one per problem; .timelimit holds the largest.`);

  const single = !tree && groups.length === 1 ? groups[0].flags : undefined;
  const settings = readKattisSettings(dir);
  const rule = settings?.timeLimit;
  // An output-only problem stays one: its submissions are answers (answer-program.ts).
  const type = [...(tree ? ['scoring'] : []), ...(settings?.outputOnly ? ['submit-answer'] : [])].join(' ');
  const yaml: YamlMap = {
    name: folder.json.name,
    ...(type ? { type } : {}),
    validation: validator ? (folder.json.interactive ? 'custom interactive' : 'custom') : 'default',
    ...(single ? { validator_flags: single } : {}),
    // The rule the limit came from, in the legacy format's words (2023-07 multipliers included).
    ...(rule && rule.fixed === undefined ? { limits: { [RULE_KEYS.legacy.multiplier]: rule.multiplier, [RULE_KEYS.legacy.margin]: rule.margin } } : {}),
  };
  safeWriteFile(pkg, path.join(pkg, 'problem.yaml'), toYaml(yaml));
  safeWriteFile(pkg, path.join(pkg, '.timelimit'), `${Math.max(...limits)}\n`);
  const statementName = folder.json.statement.endsWith('.html') ? 'problem.en.html' : 'problem.en.md';
  safeMkdir(pkg, path.join(pkg, 'problem_statement'));
  safeWriteFile(pkg, path.join(pkg, 'problem_statement', statementName), folder.body);

  for (const { flags, tests } of groups) {
    const groupDir = single !== undefined ? path.join(pkg, 'data', 'secret') : path.join(pkg, 'data', 'secret', `group${base(tests[0])}`);
    safeMkdir(pkg, groupDir);
    if (single === undefined && flags) safeWriteFile(pkg, path.join(groupDir, 'testdata.yaml'), toYaml({ output_validator_flags: flags }));
    for (const t of tests) copyTest(pkg, t, groupDir);
  }

  if (validator) copyTree(dir, validator.copy, path.join(pkg, 'output_validators', path.basename(validator.copy)), notExported, pkg);
  for (const kept of listEntries(dir, path.join(dir, KEPT_DIR), notExported)) copyTree(dir, kept.full, path.join(pkg, kept.name), notExported, pkg);

  // Solutions with submissions.yaml expectations go back where the package had them, and the file with them.
  const expectations = readKattisSettings(dir)?.submissions;
  let submissions = 0;
  for (const s of folder.solutions) {
    const kattis = expectations?.bySolution[s.file]?.kattisPath.split('/')[0] ?? KATTIS_VERDICTS[s.expected];
    if (!kattis) {
      notExported.push(`${s.file}: Kattis has no submissions folder for ${s.expected.replace(/_/g, ' ')}.`);
      continue;
    }
    copyTree(dir, path.join(dir, s.file), path.join(pkg, 'submissions', kattis, path.basename(s.file)), notExported, pkg);
    submissions++;
  }
  if (expectations) {
    safeMkdir(pkg, path.join(pkg, 'submissions'));
    safeWriteFile(pkg, path.join(pkg, 'submissions', 'submissions.yaml'), toYaml(expectations.yaml));
  }
  const ours = new Set([...(validator?.keys ?? []), ...defaultFlags.keys(), ...(tree ? [SCORING_JUDGE_KEY] : [])]);
  for (const j of folder.judges.filter((x) => !ours.has(x.key))) notExported.push(`Judge "${j.key}" (${j.file}): a Sphere Engine judge is not a Kattis output validator.`);
  return { tests: active.length, submissions, notExported };
}
