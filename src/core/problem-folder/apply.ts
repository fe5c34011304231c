// Push, part two: send exactly the planned changes, in an order the API accepts (judges, the
// problem, test updates, deletes, creates), one request each. What the service assigned (a new
// problem's id, a new judge's id, a new test's number) is written back into the folder as soon as
// it is known, so a push that stops halfway can simply be run again: what was applied is then no
// longer a difference.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SphereApiError, type ProblemFields, type ProblemsClient } from '../../api';
import { SETTINGS_FILE, serializeProblemJson, testFile } from './format';
import { assertWritable, readInside, regularFileIn } from './inside';
import { judgeIdOf, type Change, type PushPlan } from './plan';
import type { ProblemFolder } from './read';
import { typeIdOf } from './service';
import { writeSyncState, type TestHashes } from './state';
import { safeWriteFile } from '../safe-write';

export interface ApplyOptions {
  /** Test deletions are sent only when the person said yes to them; otherwise they are skipped. */
  allowDeletes: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, change: Change) => void;
  /**
   * A code to ask for when the problem is created and problem.json names none (an imported Kattis
   * package's short name): used when the service takes it, else the service picks one, as without.
   */
  codeIfFree?: string;
}

export interface PushResult {
  problemId?: number;
  applied: Change[];
  /** Deletions not confirmed. */
  skipped: Change[];
  /** The change that failed, and why; every change after it was not sent. */
  failed?: { change: Change; error: unknown };
  notApplied: Change[];
  /** Local test numbers the service gave another number to (files renamed to match). */
  renumbered: Array<{ from: number; to: number }>;
  /** What became of `codeIfFree`, for the report. */
  codeNote?: string;
}

const saveSettings = (folder: ProblemFolder) => safeWriteFile(folder.dir, assertWritable(folder.dir, SETTINGS_FILE, SETTINGS_FILE), serializeProblemJson(folder.json));

/** A judge's source, read again as it is sent: still a regular file inside the folder. */
const judgeSource = (folder: ProblemFolder, j: { key: string; file: string }) => readInside(folder.dir, j.file, `Judge "${j.key}"`).toString('utf8');

/** A test's files are checked again right before they are sent (the upload reads them by path). */
function checkTestFiles(folder: ProblemFolder, n: number): void {
  for (const ext of ['in', 'out'] as const) {
    const found = regularFileIn(folder.dir, testFile(n, ext), `Test ${n}`);
    if ('problem' in found) throw new Error(found.problem);
  }
}

function requireJudgeId(folder: ProblemFolder, ref: number | string): number {
  const id = judgeIdOf(folder, ref);
  if (id === undefined) throw new Error(`Judge "${ref}" has no id on the service yet.`);
  return id;
}

function problemFields(folder: ProblemFolder, what?: Set<string>): ProblemFields & { code?: string } {
  const s = folder.json;
  const all = !what;
  return {
    name: all || what.has('name') ? s.name : undefined,
    body: all || what.has('statement') ? folder.body : undefined,
    typeId: all || what.has('type') ? typeIdOf(s.type) : undefined,
    interactive: all || what.has('interactive') ? s.interactive : undefined,
    masterjudgeId: all || what.has('masterJudge') ? requireJudgeId(folder, s.masterJudge) : undefined,
    executionMode: all || what.has('executionMode') ? s.executionMode : undefined,
    code: all || what.has('code') ? s.code : undefined,
  };
}

/** The service gave a new test another number: the folder follows, so the next push matches. */
function renumber(folder: ProblemFolder, from: number, to: number): void {
  for (const ext of ['in', 'out'] as const) {
    const target = assertWritable(folder.dir, testFile(to, ext), `Test ${to}`);
    if (fs.existsSync(target)) throw new Error(`The service numbered the new test ${from} as ${to}, but ${testFile(to, ext)} already exists: rename it and push again.`);
  }
  for (const ext of ['in', 'out'] as const) fs.renameSync(path.join(folder.dir, testFile(from, ext)), path.join(folder.dir, testFile(to, ext)));
  const entry = folder.json.tests.find((t) => t.number === from)!;
  entry.number = to;
  const test = folder.tests.find((t) => t.number === from)!;
  Object.assign(test, { number: to, inputPath: path.join(folder.dir, testFile(to, 'in')), outputPath: path.join(folder.dir, testFile(to, 'out')) });
  saveSettings(folder);
}

/** The problem created with `codeIfFree` when the service takes it (400: taken or invalid), else without. */
async function createWithCode(client: ProblemsClient, fields: ProblemFields & { code?: string; name: string }, code: string | undefined, result: PushResult, signal?: AbortSignal) {
  if (fields.code !== undefined || !code) return client.createProblem(fields, signal);
  try {
    const created = await client.createProblem({ ...fields, code }, signal);
    result.codeNote = `the problem has the code ${code} (the package's short name)`;
    return created;
  } catch (err) {
    if (!(err instanceof SphereApiError) || err.status !== 400) throw err;
    result.codeNote = `the code ${code} (the package's short name) was not free on the service (${err.serverMessage ?? err.message}): the service picked the code`;
    return client.createProblem(fields, signal);
  }
}

async function applyOne(client: ProblemsClient, plan: PushPlan, change: Change, result: PushResult, signal?: AbortSignal, codeIfFree?: string): Promise<void> {
  const { folder } = plan;
  const test = (n: number) => folder.tests.find((t) => t.number === n)!;
  switch (change.kind) {
    case 'createJudge': {
      const j = folder.judges.find((x) => x.key === change.key)!;
      const created = await client.createJudge({ source: judgeSource(folder, j), compilerId: j.compilerId, typeId: j.type === 'master' ? 1 : 0, name: j.name ?? j.key }, signal);
      j.id = created.id;
      folder.json.judges![j.key].id = created.id;
      saveSettings(folder);
      return;
    }
    case 'updateJudge': {
      const j = folder.judges.find((x) => x.key === change.key)!;
      await client.updateJudge(
        change.id,
        {
          source: change.what.includes('source') ? judgeSource(folder, j) : undefined,
          compilerId: change.what.includes('compiler') ? j.compilerId : undefined,
          name: change.what.includes('name') ? (j.name ?? j.key) : undefined,
        },
        signal,
      );
      return;
    }
    case 'createProblem': {
      const created = await createWithCode(client, { ...problemFields(folder), name: folder.json.name }, codeIfFree, result, signal);
      result.problemId = plan.problemId = created.id;
      folder.json.link = { endpoint: plan.endpoint, problemId: created.id };
      saveSettings(folder);
      return;
    }
    case 'updateProblem':
      await client.updateProblem(plan.problemId!, problemFields(folder, new Set(change.what)), signal);
      return;
    case 'updateTest': {
      const t = test(change.number);
      checkTestFiles(folder, t.number);
      const has = (f: string) => change.what.includes(f as never);
      await client.updateTestCaseFromFiles(
        plan.problemId!,
        t.number,
        {
          inputPath: has('input') ? t.inputPath : undefined,
          outputPath: has('output') ? t.outputPath : undefined,
          timeLimit: has('timeLimit') ? t.timeLimit : undefined,
          judgeId: has('judge') ? requireJudgeId(folder, t.judge) : undefined,
          active: has('active') ? t.active : undefined,
        },
        signal,
      );
      return;
    }
    case 'deleteTest':
      await client.deleteTestCase(plan.problemId!, change.number, signal);
      return;
    case 'createTest': {
      const t = test(change.number);
      checkTestFiles(folder, t.number);
      const created = await client.createTestCaseFromFiles(
        plan.problemId!,
        { inputPath: t.inputPath, outputPath: t.outputPath, timeLimit: t.timeLimit, judgeId: requireJudgeId(folder, t.judge), active: t.active },
        signal,
      );
      if (created.number !== t.number) {
        const from = t.number;
        const hashes = plan.local.get(from)!;
        renumber(folder, from, created.number);
        plan.local.delete(from);
        plan.local.set(created.number, hashes);
        result.renumbered.push({ from, to: created.number });
      }
      // The folder records what was pushed: a test dropped in without an entry gets its entry.
      saveSettings(folder);
      return;
    }
  }
}

export async function applyPlan(client: ProblemsClient, plan: PushPlan, o: ApplyOptions): Promise<PushResult> {
  const result: PushResult = { problemId: plan.problemId, applied: [], skipped: [], notApplied: [], renumbered: [] };
  const toSend = plan.changes.filter((c) => c.kind !== 'deleteTest' || o.allowDeletes);
  result.skipped = plan.changes.filter((c) => !toSend.includes(c));
  for (const [i, change] of toSend.entries()) {
    if (result.failed) {
      result.notApplied.push(change);
      continue;
    }
    try {
      await applyOne(client, plan, change, result, o.signal, o.codeIfFree);
      result.applied.push(change);
      o.onProgress?.(i + 1, toSend.length, change);
    } catch (error) {
      result.failed = { change, error };
    }
  }
  if (plan.problemId !== undefined) await rememberState(client, plan, result, o.signal);
  return result;
}

/** Hashes of what the service now holds: applied and unchanged tests hold the folder's bytes. */
async function rememberState(client: ProblemsClient, plan: PushPlan, result: PushResult, signal?: AbortSignal): Promise<void> {
  const pending = new Set(
    [...result.notApplied, ...(result.failed ? [result.failed.change] : [])].flatMap((c) => (c.kind === 'updateTest' || c.kind === 'createTest' ? [c.number] : [])),
  );
  const deleted = new Set(result.applied.flatMap((c) => (c.kind === 'deleteTest' ? [c.number] : [])));
  const tests: Record<string, TestHashes> = {};
  for (const [n, h] of plan.remote) if (!deleted.has(n)) tests[n] = h;
  for (const [n, h] of plan.local) {
    if (!pending.has(n)) tests[n] = h;
    else if (!plan.remote.has(n)) delete tests[n];
  }
  try {
    const problem = await client.getProblem(plan.problemId!, {}, signal);
    writeSyncState(plan.folder.dir, { problemId: plan.problemId!, lastModified: problem.lastModified ?? null, tests });
  } catch {
    // Without fresh stamps the next push downloads to compare: slower, never wrong.
  }
}
