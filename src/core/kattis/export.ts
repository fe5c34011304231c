// Problem folder → Kattis problem package (legacy layout, which the 2023-07 tools still read):
// problem.yaml, .timelimit, problem_statement/problem.en.md, data/secret (a group per run of tests
// with the same judge, its validator flags in testdata.yaml), submissions/<verdict>/, and
// output_validators/ when the tests use a Kattis validator the import adapted (validator-export.ts).
// What Kattis cannot express (other custom judges, inactive tests, per-test time limits, verdicts
// it has no folder for) is listed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProblemFolderError } from '../problem-folder/errors';
import type { Verdict } from '../problem-folder/format';
import { readProblemFolder } from '../problem-folder/read';
import { validatorForExport } from './validator-export';
import { flagsForJudge } from './validator-flags';
import { yamlScalar } from './yaml-lite';

export interface KattisExportResult {
  tests: number;
  submissions: number;
  /** What the package does not hold, with the reason. Empty: everything went over. */
  notExported: string[];
}

const KATTIS_VERDICTS: Partial<Record<Verdict, string>> = {
  accepted: 'accepted', wrong_answer: 'wrong_answer', time_limit_exceeded: 'time_limit_exceeded', runtime_error: 'run_time_error',
};

export function exportKattis(dir: string, pkg: string): KattisExportResult {
  const folder = readProblemFolder(dir);
  if (folder.json.interactive) throw new ProblemFolderError(['Interactive problems are not exported: Kattis interactive validators speak another protocol than Sphere Engine interactive judges.']);
  if (fs.existsSync(pkg) && fs.readdirSync(pkg).length) throw new ProblemFolderError([`${pkg} is not empty: export into a new folder.`]);
  const notExported: string[] = [];
  const active = folder.tests.filter((t) => t.active);
  const inactive = folder.tests.filter((t) => !t.active).map((t) => t.number);
  if (inactive.length) notExported.push(`Inactive tests ${inactive.join(', ')}: Kattis judges every test in data/.`);
  if (!active.length) throw new ProblemFolderError(['The folder has no active test to export.']);

  // Kattis sets validator flags per test data group and judges groups in name order: one group per
  // run of consecutive tests with the same judge keeps both the comparison and the order.
  const groups: Array<{ flags: string; tests: typeof active }> = [];
  const validator = validatorForExport(folder, active, notExported);
  for (const t of active) {
    let flags = validator ? validator.flagsOf(t) : typeof t.judge === 'number' ? flagsForJudge(t.judge) : undefined;
    if (flags === undefined) {
      notExported.push(`Test ${t.number} uses judge ${JSON.stringify(t.judge)}, which has no Kattis validator flags: it is exported with Kattis's default comparison.`);
      flags = '';
    }
    const last = groups.at(-1);
    if (last && last.flags === flags) last.tests.push(t);
    else groups.push({ flags, tests: [t] });
  }
  const limits = [...new Set(active.map((t) => t.timeLimit))];
  if (limits.length > 1) notExported.push(`Per-test time limits (${limits.join(', ')} s): Kattis has one per problem; .timelimit holds the largest.`);

  fs.mkdirSync(pkg, { recursive: true });
  const single = groups.length === 1 ? groups[0].flags : undefined;
  const yaml = [`name: ${yamlScalar(folder.json.name)}`, `validation: ${validator ? 'custom' : 'default'}`, ...(single ? [`validator_flags: ${yamlScalar(single)}`] : [])];
  fs.writeFileSync(path.join(pkg, 'problem.yaml'), `${yaml.join('\n')}\n`);
  fs.writeFileSync(path.join(pkg, '.timelimit'), `${Math.max(...limits)}\n`);
  const statementName = folder.json.statement.endsWith('.html') ? 'problem.en.html' : 'problem.en.md';
  fs.mkdirSync(path.join(pkg, 'problem_statement'), { recursive: true });
  fs.writeFileSync(path.join(pkg, 'problem_statement', statementName), folder.body);

  for (const { flags, tests } of groups) {
    const groupDir = single !== undefined ? path.join(pkg, 'data', 'secret') : path.join(pkg, 'data', 'secret', `group${String(tests[0].number).padStart(3, '0')}`);
    fs.mkdirSync(groupDir, { recursive: true });
    if (single === undefined && flags) fs.writeFileSync(path.join(groupDir, 'testdata.yaml'), `output_validator_flags: ${yamlScalar(flags)}\n`);
    for (const t of tests) {
      const base = String(t.number).padStart(3, '0');
      fs.copyFileSync(t.inputPath, path.join(groupDir, `${base}.in`));
      fs.copyFileSync(t.outputPath, path.join(groupDir, `${base}.ans`));
    }
  }

  if (validator) fs.cpSync(validator.copy, path.join(pkg, 'output_validators', path.basename(validator.copy)), { recursive: true });

  let submissions = 0;
  for (const s of folder.solutions) {
    const kattis = KATTIS_VERDICTS[s.expected];
    if (!kattis) {
      notExported.push(`${s.file}: Kattis has no submissions folder for ${s.expected.replace(/_/g, ' ')}.`);
      continue;
    }
    fs.mkdirSync(path.join(pkg, 'submissions', kattis), { recursive: true });
    fs.copyFileSync(path.join(dir, s.file), path.join(pkg, 'submissions', kattis, path.basename(s.file)));
    submissions++;
  }
  for (const j of folder.judges.filter((x) => !validator?.keys.has(x.key))) notExported.push(`Judge "${j.key}" (${j.file}): a Sphere Engine judge is not a Kattis output validator.`);
  return { tests: active.length, submissions, notExported };
}
