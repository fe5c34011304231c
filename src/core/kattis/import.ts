// Kattis problem package → problem folder (docs/problem-folder.md). Reads the legacy format and the
// 2023-07 draft where they differ: problem.yaml (name, limits, validation / type, validator flags),
// problem_statement/ or statement/, data/sample and data/secret with nested groups and their
// testdata.yaml, submissions/<verdict>/. What Sphere Engine cannot hold is listed in `notImported`
// with the reason; an interactive problem is refused.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProblemFolderError } from '../problem-folder/errors';
import { MAX_TEST_FILE_BYTES, serializeProblemJson, SETTINGS_FILE, type ProblemJson, type TestJson, type Verdict } from '../problem-folder/format';
import { latexToMarkdown } from './latex-statement';
import { customJudges, type AdaptedValidator } from './validator-import';
import { judgeForFlags } from './validator-flags';
import { parseYaml, YamlError, type YamlValue } from './yaml-lite';

export interface KattisImportResult {
  tests: number;
  solutions: number;
  /** Choices made where the formats differ (e.g. the judge picked for validator flags). */
  notes: string[];
  /** Parts of the package the folder does not hold, with the reason. Empty: everything came over. */
  notImported: string[];
  /** The custom output validator, when it became custom judges through the adapter. */
  validator?: AdaptedValidator;
}

/** Kattis submission folders → the folder's expected verdicts. */
const VERDICTS: Record<string, Verdict> = {
  accepted: 'accepted', wrong_answer: 'wrong_answer', time_limit_exceeded: 'time_limit_exceeded', run_time_error: 'runtime_error',
};

type Map = { [key: string]: YamlValue };

function readYaml(file: string, rel: string): Map | undefined {
  if (!fs.existsSync(file)) return undefined;
  try {
    return parseYaml(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if (err instanceof YamlError) throw new ProblemFolderError([`${rel}: ${err.message}`]);
    throw err;
  }
}

const str = (v: YamlValue | undefined) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

function problemName(yaml: Map, fallback: string): string {
  const n = yaml.name;
  if (typeof n === 'string') return n;
  if (n && typeof n === 'object' && !Array.isArray(n)) return str(n.en) ?? str(Object.values(n)[0]) ?? fallback;
  return fallback;
}

function statement(pkg: string, dir: string, notes: string[]): string {
  for (const rel of ['statement/problem.en.md', 'statement/problem.md', 'problem_statement/problem.en.md', 'problem_statement/problem.md']) {
    const file = path.join(pkg, rel);
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  }
  for (const rel of ['statement/problem.en.tex', 'problem_statement/problem.en.tex', 'problem_statement/problem.tex', 'statement/problem.tex']) {
    const file = path.join(pkg, rel);
    if (!fs.existsSync(file)) continue;
    fs.mkdirSync(path.join(dir, 'statement-source'), { recursive: true });
    fs.copyFileSync(file, path.join(dir, 'statement-source', path.basename(rel)));
    notes.push(`The statement was LaTeX (${rel}): statement.md is a Markdown rendering of it; the original is kept in statement-source/.`);
    return latexToMarkdown(fs.readFileSync(file, 'utf8'));
  }
  notes.push('The package has no statement in Markdown or LaTeX: statement.md is empty.');
  return '';
}

const natural = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/** Every .in under data/sample, then data/secret, groups in name order, with the flags that apply. */
function testFiles(pkg: string, rootFlags: string, problems: string[]): Array<{ input: string; answer: string; flags: string; rel: string }> {
  const out: Array<{ input: string; answer: string; flags: string; rel: string }> = [];
  const walk = (dir: string, inherited: string) => {
    if (!fs.existsSync(dir)) return;
    const own = readYaml(path.join(dir, 'testdata.yaml'), path.relative(pkg, path.join(dir, 'testdata.yaml')));
    const flags = str(own?.output_validator_flags) ?? (Array.isArray(own?.output_validator_args) ? own!.output_validator_args.join(' ') : str(own?.output_validator_args)) ?? inherited;
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => natural(a.name, b.name));
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full, flags);
      else if (e.name.endsWith('.in')) {
        const answer = full.replace(/\.in$/, '.ans');
        const rel = path.relative(pkg, full);
        if (!fs.existsSync(answer)) problems.push(`${rel}: ${path.basename(answer)} is missing.`);
        else out.push({ input: full, answer, flags, rel });
      }
    }
  };
  walk(path.join(pkg, 'data', 'sample'), rootFlags);
  walk(path.join(pkg, 'data', 'secret'), rootFlags);
  return out;
}

function timeLimit(pkg: string, yaml: Map, notes: string[]): number {
  const limits = yaml.limits && typeof yaml.limits === 'object' && !Array.isArray(yaml.limits) ? yaml.limits : {};
  const given = typeof limits.time_limit === 'number' ? limits.time_limit : Number(fs.existsSync(path.join(pkg, '.timelimit')) ? fs.readFileSync(path.join(pkg, '.timelimit'), 'utf8').trim() : NaN);
  if (Number.isFinite(given) && given > 0) return given;
  notes.push('The package gives no time limit (Kattis derives it from the accepted solutions): every test has 1 s; adjust "timeLimit" in problem.json.');
  return 1;
}

export function importKattis(pkg: string, dir: string): KattisImportResult {
  const yaml = readYaml(path.join(pkg, 'problem.yaml'), 'problem.yaml');
  if (!yaml) throw new ProblemFolderError([`${pkg} has no problem.yaml: it is not a Kattis problem package.`]);
  if (fs.existsSync(path.join(dir, SETTINGS_FILE))) throw new ProblemFolderError([`${dir} already holds a problem folder: import into a new folder.`]);
  const validation = str(yaml.validation) ?? '';
  const type = Array.isArray(yaml.type) ? yaml.type.map(String) : (str(yaml.type) ?? '').split(/\s+/);
  if (/\binteractive\b/.test(validation) || type.includes('interactive')) {
    throw new ProblemFolderError(['This is an interactive Kattis problem. Its validator talks to the submission through pipes in the Kattis protocol; Sphere Engine interactive judges use their own (file descriptor 8), so it is not imported.']);
  }
  const notes: string[] = [];
  const notImported: string[] = [];
  const problems: string[] = [];
  const customValidator = /\bcustom\b/.test(validation) || fs.existsSync(path.join(pkg, 'output_validators')) || fs.existsSync(path.join(pkg, 'output_validator'));
  const tests = testFiles(pkg, str(yaml.validator_flags) ?? '', problems);
  for (const t of tests) {
    for (const f of [t.input, t.answer]) {
      const size = fs.statSync(f).size;
      if (size > MAX_TEST_FILE_BYTES) problems.push(`${path.relative(pkg, f)} is ${size} bytes; a Sphere Engine test file may have at most 16 MiB.`);
    }
  }
  if (!tests.length) problems.push('The package has no test data (data/sample/*.in, data/secret/**/*.in).');
  if (problems.length) throw new ProblemFolderError(problems);

  const adapted = customValidator ? customJudges(pkg, dir, tests.map((t) => t.flags), notes, notImported) : undefined;
  const seconds = timeLimit(pkg, yaml, notes);
  const judgeNotes = new Set<string>();
  fs.mkdirSync(path.join(dir, 'tests'), { recursive: true });
  const entries: TestJson[] = tests.map((t, number) => {
    const choice = adapted ? { judge: adapted.judgeFor(t.flags) } : customValidator ? { judge: 1 } : judgeForFlags(t.flags);
    if ('note' in choice && choice.note) judgeNotes.add(`Judge ${choice.judge} for "${t.flags || 'the default comparison'}": ${choice.note}.`);
    fs.copyFileSync(t.input, path.join(dir, 'tests', `${number}.in`));
    fs.copyFileSync(t.answer, path.join(dir, 'tests', `${number}.out`));
    return { number, timeLimit: seconds, judge: choice.judge, active: true };
  });
  notes.push(...judgeNotes, `Tests in order: ${tests.map((t, i) => `${i} = ${t.rel}`).join(', ')}.`);

  let solutions = 0;
  const subs = path.join(pkg, 'submissions');
  for (const verdictDir of fs.existsSync(subs) ? fs.readdirSync(subs).sort() : []) {
    const verdict = VERDICTS[verdictDir];
    for (const e of fs.readdirSync(path.join(subs, verdictDir), { withFileTypes: true }).sort((a, b) => natural(a.name, b.name))) {
      const rel = `submissions/${verdictDir}/${e.name}`;
      if (!verdict) notImported.push(`${rel}: Sphere Engine has no verdict for "${verdictDir}".`);
      else if (e.isDirectory()) notImported.push(`${rel}: a multi-file submission; reference solutions are single files here.`);
      else {
        fs.mkdirSync(path.join(dir, 'solutions', verdict), { recursive: true });
        fs.copyFileSync(path.join(subs, verdictDir, e.name), path.join(dir, 'solutions', verdict, e.name));
        solutions++;
      }
    }
  }

  const json: ProblemJson = {
    name: problemName(yaml, path.basename(pkg)),
    type: 'binary',
    interactive: false,
    masterJudge: 1000,
    statement: 'statement.md',
    ...(adapted ? { judges: adapted.judges } : {}),
    tests: entries,
  };
  fs.writeFileSync(path.join(dir, 'statement.md'), statement(pkg, dir, notes));
  fs.writeFileSync(path.join(dir, SETTINGS_FILE), serializeProblemJson(json));
  return { tests: entries.length, solutions, notes, notImported, ...(adapted ? { validator: adapted.adapted } : {}) };
}
