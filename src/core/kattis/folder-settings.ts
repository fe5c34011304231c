// kattis.json in a problem folder imported from a Kattis package: what the folder needs to finish
// what Kattis does at judging time, above all the time limit rule when the package gives no time
// limit (src/core/kattis/time-limit.ts). `check` reads it, measures the accepted solutions on the
// service, and records here what it derived and why. Not read by push or pull.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KattisSubmissions } from './expectations';
import type { TimeBound } from './time-bounds';
import type { DerivedLimit, TimeLimitRule } from './time-limit';
import { safeWriteFile } from '../safe-write';

export const KATTIS_SETTINGS_FILE = 'kattis.json';
/** Per-test time limit while the accepted solutions are measured, seconds. */
export const MEASURING_LIMIT = 10;

/**
 * A submission that include/<language>/ files were added to: its language, detected before they
 * were (as Kattis detects it: the included files are no evidence), and, for a single file, that
 * file as the entry (an included file is never the program's start).
 */
export interface IncludedSubmission {
  language: string;
  entry?: string;
}

export interface KattisSettings {
  /** The package's format version and time limit rule, as imported. */
  timeLimit: TimeLimitRule;
  /** Set by check once measured: the slowest accepted solution and the limits derived from it. */
  derived?: DerivedLimit & { slowest: number; solution: string; bounds?: TimeBound[] };
  /** A 2023-07 package's submissions/submissions.yaml: its expectations, which `check` applies. */
  submissions?: KattisSubmissions;
  /**
   * An output-only problem (`type: submit-answer`): its submissions are answers, sent as programs
   * printing them (answer-program.ts).
   */
  outputOnly?: true;
  /**
   * Each folder test's path under data/ without `.in` (test number = index), kept when something
   * reads it: the group scopes of submissions.yaml, and the answers of an output-only problem named
   * after their tests.
   */
  testPaths?: string[];
  /** Each solution that include/<language>/ files were added to (solution file → its language and entry). */
  included?: Record<string, IncludedSubmission>;
  /** The package's short name as a problem code, asked for when push creates the problem (if free). */
  code?: string;
}

export function readKattisSettings(dir: string): KattisSettings | undefined {
  const file = path.join(dir, KATTIS_SETTINGS_FILE);
  try {
    if (!fs.lstatSync(file).isFile()) return undefined;
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as KattisSettings;
    return json && typeof json === 'object' && json.timeLimit && typeof json.timeLimit.multiplier === 'number' ? json : undefined;
  } catch {
    return undefined;
  }
}

export function writeKattisSettings(dir: string, s: KattisSettings): void {
  safeWriteFile(dir, path.join(dir, KATTIS_SETTINGS_FILE), `${JSON.stringify(s, null, 2)}\n`);
}

/** The code push asks for when it creates the problem of an imported Kattis package; problem.json's own "code" wins. */
export const kattisCodeIfFree = (dir: string): string | undefined => readKattisSettings(dir)?.code;

/** True when the time limit is still to be derived from the accepted solutions. */
export const needsMeasuring = (s: KattisSettings | undefined): s is KattisSettings => !!s && s.timeLimit.fixed === undefined && !s.derived;
