// Pull many problems into one parent folder, one subfolder each, named by the problem's code.
// Each problem is pulled into a hidden staging folder beside its target and moved into place
// only when complete, so a failed or interrupted problem leaves no half-written folder. A folder
// that holds something else (not empty, not linked to the same problem) is never overwritten.
// Cancelling stops starting problems; the ones under way finish.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProblemsClient } from '../../api';
import { inParallel } from '../in-parallel';
import { safeFileName } from '../safe-file-name';
import { errorText } from './describe';
import { SETTINGS_FILE, TESTS_DIR } from './format';
import { assertWritable } from './inside';
import { sameEndpoint } from './plan';
import { PULL_CONCURRENCY, pullProblem, type PullOptions, type PullResult } from './pull';

/** Problems pulled at once. Each gets an equal share of PULL_CONCURRENCY test file downloads, so
 * pulling many never has more requests in flight than pulling one. */
export const PULL_MANY_CONCURRENCY = 2;

export interface PullTarget {
  problemId: number;
  /** Names the folder; `problem-<id>` without one. */
  code?: string;
}

export type PullOutcome = 'done' | 'skipped' | 'failed' | 'cancelled';

export interface PulledProblem {
  problemId: number;
  code?: string;
  folder: string;
  outcome: PullOutcome;
  /** Why it was skipped, failed or not started, in a sentence. */
  reason?: string;
  tests?: number;
  notes?: string[];
}

export interface PullManyOptions {
  endpoint: string;
  parent: string;
  /** Aborted: no further problem starts; those under way finish. */
  signal?: AbortSignal;
  /** After each problem, whatever its outcome. */
  onProgress?: (finished: number, total: number, last: PulledProblem) => void;
  concurrency?: number;
  /** The single pull (tests stand in for it). */
  pull?: (client: ProblemsClient, o: PullOptions) => Promise<PullResult>;
}

export const folderNameFor = (t: PullTarget) => safeFileName(t.code ?? '', `problem-${t.problemId}`);

type Existing = 'none' | 'linked' | { other: string };

function existing(dir: string, t: PullTarget, endpoint: string): Existing {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') return { other: 'a file of that name is in the way' };
    throw err;
  }
  if (!entries.length) return 'none';
  try {
    const link = JSON.parse(fs.readFileSync(path.join(dir, SETTINGS_FILE), 'utf8'))?.link;
    if (link?.problemId === t.problemId && typeof link.endpoint === 'string' && sameEndpoint(link.endpoint, endpoint)) return 'linked';
    if (typeof link?.problemId === 'number')
      return {
        other: `the folder is linked to problem ${link.problemId}${typeof link.endpoint === 'string' && !sameEndpoint(link.endpoint, endpoint) ? ` on ${link.endpoint}` : ''}`,
      };
  } catch {
    // No readable problem.json: not a problem folder of ours.
  }
  return { other: 'the folder is not empty and is not linked to this problem' };
}

/** Moves every file of `from` into `to` (a folder linked to the same problem), then removes `from`.
 * Test files the service no longer has go, as a pull in place would remove them. */
function moveInto(from: string, to: string): void {
  const staleTests = assertWritable(to, TESTS_DIR, `The tests folder of ${to}`);
  const fresh = new Set(fs.existsSync(path.join(from, TESTS_DIR)) ? fs.readdirSync(path.join(from, TESTS_DIR)) : []);
  if (fs.existsSync(staleTests)) {
    for (const name of fs.readdirSync(staleTests)) if (/^\d+\.(in|out)(\.part)?$/.test(name) && !fresh.has(name)) fs.rmSync(path.join(staleTests, name));
  }
  const old = readStatementName(to);
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      assertWritable(to, r, `Moving ${r} into ${to}`);
      if (e.isDirectory()) {
        fs.mkdirSync(path.join(to, r), { recursive: true });
        walk(r);
      } else if (r !== SETTINGS_FILE) fs.renameSync(path.join(from, r), path.join(to, r));
    }
  };
  walk('');
  // problem.json last: until it moves, the folder still describes itself consistently as before.
  fs.renameSync(path.join(from, SETTINGS_FILE), path.join(to, SETTINGS_FILE));
  const now = readStatementName(to);
  if (old && old !== now) fs.rmSync(path.join(to, old), { force: true });
  fs.rmSync(from, { recursive: true, force: true });
}

function readStatementName(dir: string): string | undefined {
  try {
    const s = JSON.parse(fs.readFileSync(path.join(dir, SETTINGS_FILE), 'utf8'))?.statement;
    return typeof s === 'string' && /^statement\.(md|html)$/.test(s) ? s : undefined;
  } catch {
    return undefined;
  }
}

async function pullOne(client: ProblemsClient, t: PullTarget, o: PullManyOptions, concurrency: number): Promise<PulledProblem> {
  const folder = path.join(o.parent, folderNameFor(t));
  const base = { problemId: t.problemId, code: t.code, folder };
  const found = existing(folder, t, o.endpoint);
  if (typeof found === 'object') return { ...base, outcome: 'skipped', reason: `${folder} was left as it is: ${found.other}.` };
  const staging = fs.mkdtempSync(path.join(o.parent, `.${path.basename(folder)}.pulling-`));
  try {
    // Not given the signal: a problem once started is finished, never left half-written.
    const pulled = await (o.pull ?? pullProblem)(client, { endpoint: o.endpoint, problemId: t.problemId, dir: staging, concurrency });
    if (found === 'linked') moveInto(staging, folder);
    else {
      if (fs.existsSync(folder)) fs.rmdirSync(folder); // empty, checked above
      fs.renameSync(staging, folder);
    }
    return { ...base, outcome: 'done', tests: pulled.tests, notes: pulled.notes };
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    return { ...base, outcome: 'failed', reason: errorText(err) };
  }
}

/** Pulls each problem into `<parent>/<code>`; one entry per distinct problem, in the order given. */
export async function pullProblems(client: ProblemsClient, targets: PullTarget[], o: PullManyOptions): Promise<PulledProblem[]> {
  const distinct = [...new Map(targets.map((t) => [t.problemId, t])).values()];
  fs.mkdirSync(o.parent, { recursive: true });
  const lanes = Math.max(1, o.concurrency ?? PULL_MANY_CONCURRENCY);
  const perProblem = Math.max(1, Math.floor(PULL_CONCURRENCY / Math.min(lanes, distinct.length || 1)));
  const results: PulledProblem[] = new Array(distinct.length);
  let finished = 0;
  await inParallel(distinct, lanes, async (t, i) => {
    results[i] = o.signal?.aborted
      ? { problemId: t.problemId, code: t.code, folder: path.join(o.parent, folderNameFor(t)), outcome: 'cancelled', reason: 'not pulled: cancelled before it started.' }
      : await pullOne(client, t, o, perProblem);
    o.onProgress?.(++finished, distinct.length, results[i]);
  });
  return results;
}

/** One line per problem, for the log or a terminal. */
export function describePulled(p: PulledProblem): string {
  const name = p.code ? `${p.code} (${p.problemId})` : `problem ${p.problemId}`;
  switch (p.outcome) {
    case 'done':
      return `pulled: ${name} into ${p.folder}, ${p.tests} test cases`;
    case 'skipped':
      return `skipped: ${name}: ${p.reason}`;
    case 'failed':
      return `FAILED: ${name}: ${p.reason}`;
    case 'cancelled':
      return `cancelled: ${name}: ${p.reason}`;
  }
}
