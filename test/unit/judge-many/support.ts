// Shared set-up of the job tests: a private emulator with its polling guard on, a client, a
// folder of ECHO solutions and the emulator's request log.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ProblemsClient } from '../../../src/api';
import { compilerIdForFileName } from '../../../src/core/languages';
import { type JobBackend, JudgeJob, planFolder, problemsBackend } from '../../../src/core/judge-many';
import { json, startTestEmulator, testHook, TOKEN, type TestEmulator } from '../../emulator/harness';
import { makeTree } from '../core/helpers';

/** Seed problem 2: copy the input to the output. */
export const ECHO = 2;
/** Rounds this far apart, the guard refusing anything under GUARD_MS: fast, and still checked. */
export const FAST_INTERVAL_MS = 150;
export const GUARD_MS = 120;

export const SOLUTIONS = {
  accepted: 'import sys\nsys.stdout.write(sys.stdin.read())\n',
  wrong: 'print("not an echo")\n',
  timeLimit: 'while True:\n    pass\n',
  runtimeError: 'raise SystemExit(3)\n',
};

export interface JobFixture {
  emu: TestEmulator;
  client: ProblemsClient;
  storage: string;
  close(): Promise<void>;
}

export async function startJobFixture(): Promise<JobFixture> {
  const emu = await startTestEmulator({ pollMinIntervalMs: GUARD_MS });
  const client = new ProblemsClient({ endpoint: emu.endpoints.problems, token: TOKEN });
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'se-jobs-'));
  return {
    emu,
    client,
    storage,
    close: async () => {
      await client.close();
      await emu.close();
      fs.rmSync(storage, { recursive: true, force: true });
    },
  };
}

/** A planned job over `files` (name → source) against ECHO. */
export async function newJob(fx: JobFixture, files: Record<string, string>): Promise<{ job: JudgeJob; folder: string }> {
  const folder = await makeTree(files);
  const plan = await planFolder(folder, { compilerFor: compilerIdForFileName });
  if (plan.kind !== 'planned') throw new Error('declined');
  const job = JudgeJob.create(fx.storage, { folder, problemId: ECHO, problemLabel: 'ECHO', endpoint: fx.emu.endpoints.problems }, plan.solutions);
  return { job, folder };
}

export async function requestLog(emu: TestEmulator): Promise<Array<{ method: string; url: string; status: number }>> {
  return (await json(await testHook(emu, 'GET', 'requests'))).items;
}

export async function clearRequestLog(emu: TestEmulator): Promise<void> {
  await testHook(emu, 'DELETE', 'requests');
}

export async function guardTrips(emu: TestEmulator): Promise<number> {
  return (await json(await testHook(emu, 'GET', 'poll-guard'))).trips;
}

export async function setFaults(emu: TestEmulator, items: unknown[]): Promise<void> {
  await testHook(emu, 'POST', 'faults', { items });
}

/** The Problems side of a job made by newJob (ECHO, the fixture's client). */
export function echoBackend(fx: JobFixture, job: JudgeJob): JobBackend {
  return problemsBackend(fx.client, job.snapshot.folder, ECHO);
}
