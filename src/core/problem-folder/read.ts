// Reads and checks a problem folder. Every problem found is reported at once, and nothing here
// talks to the service: a bad folder changes nothing anywhere.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProblemFolderError } from './errors';
import { isTestNumber, linkOnPath, linkProblem, regularFileIn, unsafeRelative } from './inside';
import {
  EXECUTION_MODES,
  JUDGE_TYPES,
  JUDGES_DIR,
  MAX_TEST_FILE_BYTES,
  PROBLEM_TYPES,
  SETTINGS_FILE,
  SOLUTIONS_DIR,
  TESTS_DIR,
  testFile,
  VERDICTS,
  type JudgeJson,
  type JudgeRef,
  type ProblemJson,
  type TestJson,
  type Verdict,
} from './format';
import { newTestSettings } from './new-tests';

export interface LocalTest extends TestJson {
  inputPath: string;
  outputPath: string;
  inputSize: number;
  outputSize: number;
}

export interface LocalJudge extends JudgeJson {
  key: string;
  sourcePath: string;
}

export interface LocalSolution {
  /** The file, or the folder of a multi-file solution (solutions/<verdict>/<name>/). */
  file: string;
  expected: Verdict;
  /** A multi-file solution's files, relative to its folder. */
  files?: string[];
}

export interface ProblemFolder {
  dir: string;
  /** The settings as written (tests found only as files are added with the defaults). */
  json: ProblemJson;
  body: string;
  tests: LocalTest[];
  judges: LocalJudge[];
  solutions: LocalSolution[];
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function parseJson(dir: string, problems: string[]): unknown {
  const found = regularFileIn(dir, SETTINGS_FILE, SETTINGS_FILE);
  if ('problem' in found) {
    problems.push(found.missing ? `${SETTINGS_FILE} is missing: this is not a problem folder (pull a problem, or write one as docs/problem-folder.md shows).` : found.problem);
    return undefined;
  }
  let text: string;
  try {
    text = fs.readFileSync(found.file, 'utf8');
  } catch (err) {
    problems.push(`${SETTINGS_FILE} could not be read: ${(err as Error).message}`);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    problems.push(`${SETTINGS_FILE} is not valid JSON: ${(err as Error).message}`);
    return undefined;
  }
}

function checkJudgeRef(ref: unknown, want: 'testcase' | 'master', judges: Record<string, JudgeJson>, where: string, problems: string[]): ref is JudgeRef {
  if (isInt(ref) && ref > 0) return true;
  if (typeof ref === 'string' && judges[ref]) {
    if (judges[ref].type !== want) problems.push(`${where}: judge "${ref}" is a ${judges[ref].type} judge, a ${want} judge is needed.`);
    return true;
  }
  const known = Object.keys(judges).filter((k) => judges[k].type === want);
  problems.push(
    `${where}: unknown judge ${JSON.stringify(ref)}: use a judge id (a number) or one of the keys of "judges"${known.length ? ` (${known.join(', ')})` : ' (none defined)'}.`,
  );
  return false;
}

function readSettings(raw: unknown, problems: string[]): ProblemJson | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    if (raw !== undefined) problems.push(`${SETTINGS_FILE} must hold one JSON object.`);
    return undefined;
  }
  const p = raw as Partial<ProblemJson> & Record<string, unknown>;
  if (typeof p.name !== 'string' || !p.name.trim()) problems.push(`${SETTINGS_FILE}: "name" must be a non-empty string.`);
  if (p.code !== undefined && (typeof p.code !== 'string' || !/^[A-Za-z0-9_]{1,32}$/.test(p.code))) problems.push(`${SETTINGS_FILE}: "code" must be 1-32 letters, digits or _.`);
  if (!PROBLEM_TYPES.includes(p.type as never)) problems.push(`${SETTINGS_FILE}: "type" must be one of ${PROBLEM_TYPES.join(', ')}.`);
  if (typeof p.interactive !== 'boolean') problems.push(`${SETTINGS_FILE}: "interactive" must be true or false.`);
  if (p.executionMode !== undefined && !EXECUTION_MODES.includes(p.executionMode)) problems.push(`${SETTINGS_FILE}: "executionMode" must be isolated or fast.`);
  if (typeof p.statement !== 'string' || !/^statement\.(md|html)$/.test(p.statement)) problems.push(`${SETTINGS_FILE}: "statement" must be statement.md or statement.html.`);
  if (p.link !== undefined && (typeof p.link?.endpoint !== 'string' || !isInt(p.link?.problemId)))
    problems.push(`${SETTINGS_FILE}: "link" must be { "endpoint": "...", "problemId": <number> }.`);
  const judges = (p.judges ?? {}) as Record<string, JudgeJson>;
  for (const [key, j] of Object.entries(judges)) {
    const where = `${SETTINGS_FILE}: judges.${key}`;
    if (!/^[A-Za-z0-9_-]+$/.test(key)) problems.push(`${where}: a judge key may hold only letters, digits, _ and -.`);
    if (typeof j?.file !== 'string' || !j.file.startsWith(`${JUDGES_DIR}/`)) problems.push(`${where}: "file" must name a file under ${JUDGES_DIR}/.`);
    else if (unsafeRelative(j.file))
      problems.push(
        `${where}: "file" ${JSON.stringify(j.file)} is refused: ${unsafeRelative(j.file)}. Name a file inside ${JUDGES_DIR}/ without "..", e.g. ${JUDGES_DIR}/${key}.py.`,
      );
    if (!isInt(j?.compilerId)) problems.push(`${where}: "compilerId" must be a compiler id (a number).`);
    if (!JUDGE_TYPES.includes(j?.type)) problems.push(`${where}: "type" must be testcase or master.`);
    if (j?.id !== undefined && !isInt(j.id)) problems.push(`${where}: "id" must be a number.`);
  }
  checkJudgeRef(p.masterJudge, 'master', judges, `${SETTINGS_FILE}: masterJudge`, problems);
  if (!Array.isArray(p.tests)) problems.push(`${SETTINGS_FILE}: "tests" must be a list (it may be empty).`);
  const seen = new Set<number>();
  for (const [i, t] of (Array.isArray(p.tests) ? p.tests : []).entries()) {
    const where = `${SETTINGS_FILE}: tests[${i}]`;
    if (!isTestNumber(t?.number)) problems.push(`${where}: "number" must be a whole number, 0 or more.`);
    else if (seen.has(t.number)) problems.push(`${where}: test ${t.number} is listed twice.`);
    else seen.add(t.number);
    if (typeof t?.timeLimit !== 'number' || !(t.timeLimit > 0)) problems.push(`${where}: "timeLimit" must be a positive number of seconds.`);
    if (typeof t?.active !== 'boolean') problems.push(`${where}: "active" must be true or false.`);
    checkJudgeRef(t?.judge, 'testcase', judges, where, problems);
  }
  // Sound enough to look at the files too, so one run reports every problem.
  return Array.isArray(p.tests) && typeof p.statement === 'string' ? (p as ProblemJson) : undefined;
}

function listDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** A regular file inside the folder (no link on the way); a refusal other than "missing" is reported. */
function statFile(dir: string, rel: string, what: string, problems: string[]): fs.Stats | undefined {
  const found = regularFileIn(dir, rel, what);
  if ('problem' in found) {
    if (!found.missing) problems.push(found.problem);
    return undefined;
  }
  return found.stat;
}

/** A multi-file solution's regular files (links are not followed), relative, with forward slashes. */
function filesIn(root: string, rel = ''): string[] {
  return listDir(path.join(root, rel))
    .sort()
    .flatMap((name) => {
      const r = rel ? `${rel}/${name}` : name;
      const st = fs.lstatSync(path.join(root, r));
      return st.isDirectory() ? filesIn(root, r) : st.isFile() ? [r] : [];
    });
}

function readTests(dir: string, json: ProblemJson, problems: string[]): LocalTest[] {
  const byNumber = new Map<number, TestJson>(json.tests.map((t) => [t.number, t]));
  for (const name of listDir(path.join(dir, TESTS_DIR))) {
    const m = /^(.+)\.(in|out)$/.exec(name);
    if (!m) continue;
    if (!/^\d+$/.test(m[1])) {
      problems.push(`${TESTS_DIR}/${name}: test files are named <number>.in and <number>.out.`);
      continue;
    }
    const n = Number(m[1]);
    // A pair of files dropped in without an entry is a new test, judged as most of the others.
    if (!byNumber.has(n)) byNumber.set(n, newTestSettings(json, n));
  }
  const tests: LocalTest[] = [];
  for (const t of [...byNumber.values()].sort((a, b) => a.number - b.number)) {
    const inputPath = path.join(dir, testFile(t.number, 'in'));
    const outputPath = path.join(dir, testFile(t.number, 'out'));
    const before = problems.length;
    const input = statFile(dir, testFile(t.number, 'in'), `Test ${t.number}`, problems);
    const output = statFile(dir, testFile(t.number, 'out'), `Test ${t.number}`, problems);
    if (!input && problems.length === before) problems.push(`Test ${t.number}: ${testFile(t.number, 'in')} is missing.`);
    if (!output && problems.length === before) problems.push(`Test ${t.number}: ${testFile(t.number, 'out')} is missing.`);
    for (const [file, st] of [
      [testFile(t.number, 'in'), input],
      [testFile(t.number, 'out'), output],
    ] as const) {
      if (st && st.size > MAX_TEST_FILE_BYTES)
        problems.push(`Test ${t.number}: ${file} is ${st.size} bytes; the service takes at most 16 MiB (${MAX_TEST_FILE_BYTES} bytes) per test file.`);
    }
    if (input && output) tests.push({ ...t, inputPath, outputPath, inputSize: input.size, outputSize: output.size });
  }
  return tests;
}

function readJudges(dir: string, json: ProblemJson, problems: string[]): LocalJudge[] {
  return Object.entries(json.judges ?? {}).flatMap(([key, j]) => {
    const sourcePath = path.join(dir, j.file);
    if (unsafeRelative(j.file)) return []; // reported with the settings
    const before = problems.length;
    const st = statFile(dir, j.file, `Judge "${key}"`, problems);
    if (!st) {
      if (problems.length === before) problems.push(`Judge "${key}": ${j.file} is missing.`);
      return [];
    }
    if (st.size === 0) problems.push(`Judge "${key}": ${j.file} is empty.`);
    return [{ ...j, key, sourcePath }];
  });
}

function readSolutions(dir: string, problems: string[]): LocalSolution[] {
  const out: LocalSolution[] = [];
  const link = linkOnPath(dir, SOLUTIONS_DIR);
  if (link) {
    problems.push(linkProblem('Solutions', SOLUTIONS_DIR, link));
    return out;
  }
  for (const verdict of listDir(path.join(dir, SOLUTIONS_DIR)).sort()) {
    const rel = `${SOLUTIONS_DIR}/${verdict}`;
    if (!VERDICTS.includes(verdict as Verdict)) {
      if (fs.lstatSync(path.join(dir, rel)).isDirectory()) problems.push(`${rel}: unknown verdict; the folders are ${VERDICTS.join(', ')}.`);
      continue;
    }
    if (fs.lstatSync(path.join(dir, rel)).isSymbolicLink()) {
      problems.push(linkProblem('Solutions', rel, rel));
      continue;
    }
    for (const file of listDir(path.join(dir, rel)).sort()) {
      // A dot file (.gitkeep keeping an empty folder in git) is no solution.
      if (file.startsWith('.')) continue;
      const st = fs.lstatSync(path.join(dir, rel, file));
      if (st.isSymbolicLink()) problems.push(linkProblem('Solution', `${rel}/${file}`, `${rel}/${file}`));
      else if (st.isFile()) out.push({ file: `${rel}/${file}`, expected: verdict as Verdict });
      else if (st.isDirectory()) out.push({ file: `${rel}/${file}`, expected: verdict as Verdict, files: filesIn(path.join(dir, rel, file)) });
    }
  }
  return out;
}

/** The folder, checked; throws ProblemFolderError listing every problem found. */
export function readProblemFolder(dir: string): ProblemFolder {
  const problems: string[] = [];
  const json = readSettings(parseJson(dir, problems), problems);
  if (!json) throw new ProblemFolderError(problems);
  let body = '';
  const statement = regularFileIn(dir, json.statement, 'The statement');
  if ('problem' in statement) problems.push(statement.missing ? `${json.statement} is missing (the statement named in ${SETTINGS_FILE}).` : statement.problem);
  else body = fs.readFileSync(statement.file, 'utf8');
  const tests = readTests(dir, json, problems);
  const judges = readJudges(dir, json, problems);
  const solutions = readSolutions(dir, problems);
  if (problems.length) throw new ProblemFolderError(problems);
  return { dir, json: { ...json, tests: tests.map(({ number, timeLimit, judge, active }) => ({ number, timeLimit, judge, active })) }, body, tests, judges, solutions };
}
