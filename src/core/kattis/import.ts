// Kattis problem package → problem folder (docs/problem-folder.md, "Kattis problem packages").
// Reads the legacy format and the 2023-07 one as problemtools does: problem.yaml (a real YAML
// parser), statement/ or problem_statement/, data/sample and data/secret with nested groups and
// their testdata.yaml / test_group.yaml, submissions/<verdict>/ (files and multi-file folders,
// include/<language>/), output_validators/ or output_validator/ (through the adapter, as an
// interactive judge for interactive problems), scoring groups (a score-based master judge) and the
// time limit rule (kattis.json; `check` derives the limit). The package is hostile input: links
// are never followed. What the folder cannot hold is listed in `notImported` with the reason.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProblemFolderError } from '../problem-folder/errors';
import { JUDGES_DIR, MAX_TEST_FILE_BYTES, serializeProblemJson, SETTINGS_FILE, type JudgeJson, type ProblemJson, type TestJson } from '../problem-folder/format';
import { MEASURING_LIMIT, writeKattisSettings, type KattisSettings } from './folder-settings';
import { importLatexStatement } from './latex-import';
import { readConstants, reportYamlUses, substituteText, type Constants } from './constants';
import { defaultJudges, exactBuiltIn } from './default-judge';
import { copyTree, ignoredName, kindOf, listEntries, natural } from './package-files';
import { importSubmissions } from './package-submissions';
import { readPackageTests } from './package-tests';
import type { KattisExpectation } from './expectations';
import { fullScoreOf, SCORING_JUDGE_KEY, scoringJudgeSource, scoringTree } from './scoring-judge';
import { uncheckedNotes } from './submission-expectations';
import { formatOf, RULE_KEYS, timeLimitRule } from './time-limit';
import { adaptValidator, findOutputValidator } from './validator-adapter';
import { customJudges, type AdaptedValidator } from './validator-import';
import { isMap, readYamlFile, yamlString, type YamlMap } from './yaml';
import { safeCopyFile, safeMkdir, safeWriteFile } from '../safe-write';

export interface KattisImportResult {
  tests: number;
  solutions: number;
  /** Choices made where the formats differ (e.g. the judge picked for validator flags). */
  notes: string[];
  /** Parts of the package the folder does not hold, with the reason. Empty: everything came over. */
  notImported: string[];
  /**
   * Parts the format does not define or no judge reads (a README, .gitkeep, statement-only samples,
   * submissions problemtools does not judge either), with the reason: listed, harmless.
   */
  ignored: string[];
  /** The custom output validator, when it became custom judges through the adapter. */
  validator?: AdaptedValidator;
}

/** Where the folder keeps the package's parts the service does not run, for export. */
export const KEPT_DIR = 'kattis-package';
/** Top-level parts of a package kept as they are: Kattis runs them while preparing a problem, the service has no place for them. */
const KEPT = [
  'answer_validators',
  'input_validators',
  'input_format_validators',
  'output_visualizer',
  'input_visualizer',
  'attachments',
  'graders',
  'generators',
  'solution',
  'include',
];
/** Top-level parts the import reads itself. */
const READ = ['problem.yaml', '.timelimit', 'problem_statement', 'statement', 'data', 'submissions', 'output_validators', 'output_validator'];

function problemName(yaml: YamlMap, fallback: string): string {
  const n = yaml.name;
  if (typeof n === 'string') return n;
  if (isMap(n)) return yamlString(n.en) ?? yamlString(Object.values(n)[0]) ?? fallback;
  return fallback;
}

/**
 * The package's short name (its folder name) as the problem's code, as Kattis names problems by it,
 * when it is a code the service takes (1-32 letters, digits or _, upper-cased); push asks for it
 * when it creates the problem, and the service picks one when it is taken.
 */
function problemCode(pkg: string, notes: string[]): string | undefined {
  const short = path.basename(path.resolve(pkg));
  if (/^[A-Za-z0-9_]{1,32}$/.test(short)) {
    notes.push(
      `The problem's code on the service will be ${short.toUpperCase()} (the package's short name) if it is free when the folder is first pushed; set "code" in problem.json to choose another.`,
    );
    return short.toUpperCase();
  }
  notes.push(
    `The package's short name "${short}" is not a Sphere Engine problem code (1-32 letters, digits or _): the service picks the code on push; set "code" in problem.json to choose one.`,
  );
  return undefined;
}

function statement(pkg: string, dir: string, notes: string[], constants: Constants, notImported: string[]): string {
  const isFile = (rel: string) => kindOf(path.join(pkg, rel), pkg) === 'file';
  for (const rel of ['statement/problem.en.md', 'statement/problem.md', 'problem_statement/problem.en.md', 'problem_statement/problem.md']) {
    if (isFile(rel)) return substituteText(fs.readFileSync(path.join(pkg, rel), 'utf8'), constants, rel);
  }
  for (const rel of ['statement/problem.en.tex', 'problem_statement/problem.en.tex', 'problem_statement/problem.tex', 'statement/problem.tex']) {
    if (!isFile(rel)) continue;
    safeCopyFile(dir, path.join(pkg, rel), path.join(dir, 'statement-source', path.basename(rel)));
    notes.push(`The statement was LaTeX (${rel}): statement.md is a Markdown rendering of it; the original is kept in statement-source/.`);
    // LaTeX takes constants as \constant{name} (latex-import.ts); the format replaces `{{name}}` in Markdown only.
    return importLatexStatement(pkg, rel, dir, fs.readFileSync(path.join(pkg, rel), 'utf8'), constants, notes, notImported);
  }
  notes.push('The package has no statement in Markdown or LaTeX: statement.md is empty.');
  return '';
}

/** problem.yaml's problem type words: legacy `validation: custom interactive`, 2023-07 `type: interactive` or a list. */
function typeWords(yaml: YamlMap): Set<string> {
  const type = Array.isArray(yaml.type) ? yaml.type.map(String) : (yamlString(yaml.type) ?? '').split(/\s+/);
  return new Set([...type, ...(yamlString(yaml.validation) ?? '').split(/\s+/)].filter(Boolean));
}

export function importKattis(pkg: string, dir: string): KattisImportResult {
  const yaml = readYamlFile(path.join(pkg, 'problem.yaml'), 'problem.yaml');
  if (!yaml) throw new ProblemFolderError([`${pkg} has no problem.yaml (a regular file): it is not a Kattis problem package.`]);
  if (fs.existsSync(path.join(dir, SETTINGS_FILE))) throw new ProblemFolderError([`${dir} already holds a problem folder: import into a new folder.`]);
  // 2025-09 constants (constants.ts): replaced where the format says, never in problem.yaml itself.
  const constants = readConstants(yaml);
  reportYamlUses(yaml, constants);
  const words = typeWords(yaml);
  const format = formatOf(yaml);
  const interactive = words.has('interactive');
  const scoring = words.has('scoring');
  if (words.has('multi-pass'))
    throw new ProblemFolderError([
      'This is a multi-pass Kattis problem (the submission runs again on what the validator hands it): Sphere Engine judges a test in one run, so it is not imported.',
    ]);
  // Output-only: 2023-07+ `type: submit-answer`, the drafts' `submit_answer` (also as `submission_type`).
  const outputOnly = words.has('submit-answer') || words.has('submit_answer') || yamlString(yaml.submission_type) === 'submit_answer';
  if (outputOnly && interactive)
    throw new ProblemFolderError(['problem.yaml makes this problem both output-only (submit-answer) and interactive, which the format forbids: fix its type. It is not imported.']);
  const notes: string[] = [];
  const notImported: string[] = [];
  const problems: string[] = [];
  const ignored: string[] = [];
  const customValidator = words.has('custom') || interactive || kindOf(path.join(pkg, 'output_validators')) === 'dir' || kindOf(path.join(pkg, 'output_validator')) !== 'missing';
  const data = readPackageTests(pkg, yamlString(yaml.validator_flags) ?? '', interactive, problems, notImported, ignored, constants);
  const tests = data.tests;
  for (const t of tests) {
    for (const f of [t.input, t.answer]) {
      const size = f ? fs.statSync(f).size : 0;
      if (size > MAX_TEST_FILE_BYTES) problems.push(`${path.relative(pkg, f!)} is ${size} bytes; a Sphere Engine test file may have at most 16 MiB.`);
    }
  }
  if (!tests.length) problems.push('The package has no test data (data/sample/*.in, data/secret/**/*.in).');
  if (problems.length) throw new ProblemFolderError(problems);

  if (interactive) {
    // Refused before anything is written: without its interactor the problem cannot be judged.
    const found = findOutputValidator(pkg);
    const why = !found
      ? 'the package has no output_validator/ or output_validators/'
      : 'problem' in found
        ? found.problem
        : ((a) => (a.ok ? undefined : a.reason))(adaptValidator(found, [], constants));
    if (why)
      throw new ProblemFolderError([`This is an interactive Kattis problem, and its interactor cannot become a Sphere Engine interactive judge: ${why}. It is not imported.`]);
  }
  fs.mkdirSync(dir, { recursive: true });
  const adapted = customValidator
    ? customJudges(
        pkg,
        dir,
        tests.map((t) => t.flags),
        notes,
        notImported,
        interactive,
        constants,
      )
    : undefined;
  if (interactive) notes.push("Interactive: the interactor runs beside the program on every test, its output being the program's input (Sphere Engine's fd 8), as Kattis runs it.");

  const rule = timeLimitRule(pkg, yaml);
  const seconds = rule.fixed ?? MEASURING_LIMIT;
  notes.push(
    rule.fixed !== undefined
      ? `Time limit ${rule.fixed} s on every test, from ${rule.source}.`
      : `The package gives no time limit: Kattis derives it from the slowest accepted submission (× ${RULE_KEYS[rule.format].multiplier} ${rule.multiplier}, ${RULE_KEYS[rule.format].margin} ${rule.margin}). Every test has ${MEASURING_LIMIT} s until \`check\` measures the accepted solutions on the service and sets the limit (kattis.json keeps the rule).`,
  );

  const judgeNotes = new Set<string>();
  safeMkdir(dir, path.join(dir, 'tests'));
  // Kattis's default validator: judge 1 where provably the same, else ours through the adapter.
  const defaults = customValidator ? undefined : defaultJudges(dir);
  const builtIn = new Map<string, number | undefined>();
  for (const flags of new Set(tests.map((t) => t.flags))) {
    builtIn.set(
      flags,
      exactBuiltIn(
        flags,
        tests.filter((t) => t.flags === flags).map((t) => (t.answer ? fs.readFileSync(t.answer, 'latin1') : '')),
      ),
    );
  }
  const entries: TestJson[] = tests.map((t, number) => {
    const exact = builtIn.get(t.flags);
    const choice = adapted
      ? { judge: adapted.judgeFor(t.flags) }
      : customValidator
        ? { judge: 1 }
        : exact !== undefined
          ? { judge: exact }
          : { judge: defaults!.judgeFor(t.flags) };
    if (defaults) {
      judgeNotes.add(
        exact !== undefined
          ? `Judge 1 for "${t.flags || 'the default comparison'}": it compares as Kattis's default validator does here (tokens, extra whitespace ignored${t.flags ? '' : '; no answer holds a letter, so letter case cannot matter'}).`
          : `Kattis's default validator for "${t.flags || 'the default comparison'}" (${/case_sensitive/.test(t.flags) ? 'letter case compared' : 'letter case ignored'}${/tolerance/.test(t.flags) ? ', absolute and relative float tolerances' : ''}${/space_change_sensitive/.test(t.flags) ? ', whitespace compared' : ''}) runs as judge "${choice.judge}" (${JUDGES_DIR}/${choice.judge}.py): no built-in judge compares the same.`,
      );
    }
    safeCopyFile(dir, t.input, path.join(dir, 'tests', `${number}.in`));
    if (t.answer) safeCopyFile(dir, t.answer, path.join(dir, 'tests', `${number}.out`));
    else safeWriteFile(dir, path.join(dir, 'tests', `${number}.out`), '');
    return { number, timeLimit: seconds, judge: choice.judge, active: true };
  });
  notes.push(...judgeNotes, `Tests in order: ${tests.map((t, i) => `${i} = ${t.rel}`).join(', ')}.`);
  if (data.extras.length) notes.push(`Files for people, not judged, are not part of the folder: ${data.extras.join(', ')}.`);

  const judges: Record<string, JudgeJson> = { ...(adapted?.judges ?? {}), ...(defaults?.judges ?? {}) };
  let masterJudge: ProblemJson['masterJudge'] = 1000;
  if (scoring) {
    if (!data.secret) throw new ProblemFolderError(['A scoring problem needs data/secret.']);
    const file = `${JUDGES_DIR}/${SCORING_JUDGE_KEY}.py`;
    safeWriteFile(
      dir,
      path.join(dir, file),
      scoringJudgeSource(data.secret, (i) => i),
    );
    judges[SCORING_JUDGE_KEY] = { file, compilerId: 116, type: 'master', name: 'Kattis scoring (data/secret groups)' };
    masterJudge = SCORING_JUDGE_KEY;
    notes.push(
      `Scoring: the data/secret groups and their scores are graded by the master judge "${SCORING_JUDGE_KEY}" (${file}) as problemtools' default grader does; the score is a percentage of the full score, sample tests are not graded.`,
    );
  }

  const submissionsYaml = readYamlFile(path.join(pkg, 'submissions', 'submissions.yaml'), 'submissions/submissions.yaml');
  const expectations: Record<string, KattisExpectation> = {};
  const included: KattisSettings['included'] = {};
  const solutions = importSubmissions(pkg, dir, { scoring, outputOnly, notes, skipped: notImported, ignored, yaml: submissionsYaml, expectations, included, constants });
  const code = problemCode(pkg, notes);
  const testPaths = tests.map((t) => t.rel.replace(/^data\//, '').replace(/\.in$/, ''));
  if (outputOnly)
    notes.push(
      "Output-only (submit-answer): each submission is an answer, not a program. `check` sends it as a program that prints it byte for byte (Python 3, else Bash, from the endpoint's compilers); a folder of answers, one a test named after it (secret/1.ans or 1.ans), as a Python 3 program printing the answer of the test it runs on.",
    );
  writeKattisSettings(dir, {
    timeLimit: rule,
    ...(outputOnly ? { outputOnly: true as const } : {}),
    ...(outputOnly || submissionsYaml ? { testPaths } : {}),
    ...(Object.keys(included).length ? { included } : {}),
    ...(code ? { code } : {}),
    ...(submissionsYaml
      ? {
          submissions: {
            yaml: submissionsYaml,
            bySolution: expectations,
            ...(scoring && data.secret ? { fullScore: fullScoreOf(scoringTree(data.secret, (i) => i)) } : {}),
          },
        }
      : {}),
  });
  if (submissionsYaml) {
    const n = Object.keys(expectations).length;
    notes.push(
      `submissions/submissions.yaml gives ${n} solution${n === 1 ? '' : 's'} expectations of their own (kept in kattis.json; \`check\` applies them per test, and export writes the file back).`,
      ...uncheckedNotes(Object.values(expectations)),
    );
  }
  // A top-level link that is not followed matters only where the format defines the name; anywhere
  // else (DOMjudge's problem.pdf linking out of the package) it is listed as ignored, never followed.
  for (const e of listEntries(pkg, pkg, [])) {
    if (READ.includes(e.name)) continue;
    if (KEPT.includes(e.name) && e.kind === 'dir') {
      copyTree(pkg, e.full, path.join(dir, KEPT_DIR, e.name), notImported, dir);
      notes.push(`${e.name}/ is kept in ${KEPT_DIR}/${e.name}/ for export: Kattis runs it while preparing the problem; Sphere Engine has no place for it.`);
    } else if (!e.name.startsWith('.') || ignoredName(e.name)) ignored.push(`${e.rel}: ${ignoredName(e.name) ?? 'not part of the Kattis package format, and no judge reads it'}.`);
  }
  for (const name of fs.readdirSync(pkg).sort(natural)) {
    const kind = kindOf(path.join(pkg, name), pkg);
    if (typeof kind !== 'object') continue;
    if (READ.includes(name) || KEPT.includes(name)) notImported.push(`${name}: ${kind.refused}.`);
    else if (!name.startsWith('.') || ignoredName(name))
      ignored.push(`${name}: not part of the Kattis package format, and no judge reads it; it is ${kind.refused.replace(/, so it is skipped$/, '')}, so it is not followed.`);
  }

  const json: ProblemJson = {
    name: problemName(yaml, path.basename(pkg)),
    type: scoring ? 'maximize' : 'binary',
    interactive,
    masterJudge,
    statement: 'statement.md',
    ...(Object.keys(judges).length ? { judges } : {}),
    tests: entries,
  };
  if (format === '2023-07') notes.push('Read as the 2023-07 package format (problem_format_version).');
  safeWriteFile(dir, path.join(dir, 'statement.md'), statement(pkg, dir, notes, constants, notImported));
  if (constants.values.size)
    notes.push(
      `Constants substituted where the format says (a Markdown statement, the output validator, include/ files, the submissions, test_group.yaml; not problem.yaml or test data): ${[
        ...constants.values,
      ]
        .filter(([k]) => !k.endsWith('.value'))
        .map(([k, v]) => `${k} = ${v}`)
        .join(', ')}.`,
    );
  notes.push(...constants.problems);
  safeWriteFile(dir, path.join(dir, SETTINGS_FILE), serializeProblemJson(json));
  return { tests: entries.length, solutions, notes, notImported, ignored, ...(adapted ? { validator: adapted.adapted } : {}) };
}
