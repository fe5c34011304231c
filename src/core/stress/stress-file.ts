// `stress.json` beside a solution: the generator and reference a stress test of that folder uses
// (and, optionally, its checker, rounds, largest size, time limit and judge), kept with the code when the person
// asks for it, so that the next run, a teammate and a script start without questions.
//
// The file comes with the folder, so from whoever wrote the repository: it may name only plain
// files of the same folder (no path, no link), and numbers within the command's own bounds.
// Anything else is refused with the field, the reason and the fix; nothing outside the folder is
// read (a generator named "../../.ssh/id_rsa" would otherwise be sent to the endpoint as source).
import { promises as fsp } from 'node:fs';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isStressJudge, STRESS_JUDGES, type StressJudge } from './judges';
import { safeWriteFile, UnsafeWriteError } from '../safe-write';
import { TIME_LIMIT_RANGE } from '../compilers';

export const STRESS_FILE = 'stress.json';

export interface StressFile {
  generator: string;
  reference: string;
  maxRounds?: number;
  maxSize?: number;
  timeLimit?: number;
  /** How outputs are compared (judges.ts); absent: line by line. */
  judge?: StressJudge;
  /** A checker program (a custom test case judge) of the same folder; it replaces `judge`. */
  checker?: string;
}

export class StressFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'StressFileError';
  }
}

// The time limit is a Compilers run's (whole seconds, from the run limit's home); a stress round is
// meant to be quick, so the file allows at most 15 of them.
const BOUNDS = { maxRounds: [1, 10_000], maxSize: [1, 1_000_000], timeLimit: [TIME_LIMIT_RANGE.min, Math.min(15, TIME_LIMIT_RANGE.max)] } as const;

/** The program `name` names in `dir`: a regular file there, reached without a link; else why not. */
function programIn(dir: string, name: unknown, field: string): string {
  if (typeof name !== 'string' || !name) throw new Error(`"${field}" must be the name of a file in this folder`);
  if (name.includes('/') || name.includes('\\') || name === '.' || name === '..' || name.includes('\0')) {
    throw new Error(`"${field}": "${name}" is refused: name a file of this folder by its name alone (no folders, no "..")`);
  }
  const file = path.join(dir, name);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    throw new Error(`"${field}": ${name} is missing from this folder`);
  }
  if (stat.isSymbolicLink()) throw new Error(`"${field}": ${name} is a link, refused: it could point anywhere on this machine. Put the program itself here`);
  if (!stat.isFile()) throw new Error(`"${field}": ${name} is not a regular file`);
  return file;
}

/** Reads and checks `dir/stress.json`; undefined when there is none. Paths in the result are absolute. */
export async function readStressFile(dir: string): Promise<StressFile | undefined> {
  const file = path.join(dir, STRESS_FILE);
  let text: string;
  try {
    const stat = await fsp.lstat(file);
    if (!stat.isFile()) throw new StressFileError(file, 'is not a regular file (a link or a folder), refused: replace it by the file itself, or remove it.');
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const fix = `Fix ${STRESS_FILE} or remove it to choose the programs again.`;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new StressFileError(file, `is not valid JSON (${(err as Error).message}). ${fix}`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new StressFileError(file, `must hold an object with "generator" and "reference". ${fix}`);
  const given = data as Record<string, unknown>;
  try {
    const result: StressFile = { generator: programIn(dir, given.generator, 'generator'), reference: programIn(dir, given.reference, 'reference') };
    for (const key of Object.keys(BOUNDS) as Array<keyof typeof BOUNDS>) {
      const value = given[key];
      if (value === undefined) continue;
      const [min, max] = BOUNDS[key];
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        throw new Error(`"${key}" must be a whole number${key === 'timeLimit' ? ' of seconds' : ''} from ${min} to ${max}, not ${JSON.stringify(value)}`);
      }
      result[key] = value;
    }
    if (given.checker !== undefined) result.checker = programIn(dir, given.checker, 'checker');
    if (given.judge !== undefined) {
      if (!isStressJudge(given.judge)) throw new Error(`"judge" must be one of ${STRESS_JUDGES.map((j) => `"${j}"`).join(', ')}, not ${JSON.stringify(given.judge)}`);
      result.judge = given.judge;
    }
    return result;
  } catch (err) {
    if (err instanceof StressFileError) throw err;
    throw new StressFileError(file, `${(err as Error).message}. ${fix}`);
  }
}

/** Writes `dir/stress.json` with the programs' names (never paths) and the numbers given. */
export async function writeStressFile(dir: string, choice: StressFile): Promise<string> {
  const file = path.join(dir, STRESS_FILE);
  const data: Record<string, unknown> = { generator: path.basename(choice.generator), reference: path.basename(choice.reference) };
  if (choice.checker) data.checker = path.basename(choice.checker);
  for (const key of ['maxRounds', 'maxSize', 'timeLimit', 'judge'] as const) if (choice[key] !== undefined) data[key] = choice[key];
  // Never through a link someone left at that name: a new file beside it, renamed over it (safe-write.ts).
  try {
    safeWriteFile(dir, file, `${JSON.stringify(data, null, 2)}\n`, 0o644);
  } catch (err) {
    if (!(err instanceof UnsafeWriteError)) throw err;
    const link = (await fsp.lstat(file).catch(() => undefined))?.isSymbolicLink();
    throw new StressFileError(file, `${link ? 'is a link' : 'is not a regular file'}: nothing was written. Remove it first.`);
  }
  return file;
}
