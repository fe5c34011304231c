// The push preview's text differences: for each text file a plan changes (settings, statement,
// a judge's source, a test's input or output, a test added or deleted), the service's side and
// the folder's, read and compared here so that only files whose text really differs are shown
// (an unchanged problem.json is left out; a new test's files show against nothing, a deleted
// test's against nothing on the folder's side). Only GETs, and only when a person asks to see the
// differences; files over MAX_DIFF_BYTES are named instead of read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProblemsClient } from '../../api';
import { SETTINGS_FILE, serializeProblemJson, testFile, type JudgeJson, type JudgeRef } from './format';
import type { PushPlan } from './plan';
import type { ProblemFolder } from './read';
import { judgeType, problemJsonOf, readRemote, sizeOf } from './service';

export const MAX_DIFF_BYTES = 1024 * 1024;

/** Where the service's side of a difference comes from. */
export type RemoteRef =
  | { kind: 'settings'; problemId: number }
  | { kind: 'statement'; problemId: number }
  | { kind: 'test'; problemId: number; number: number; file: 'input' | 'output' }
  | { kind: 'judge'; judgeId: number };

export interface DiffItem {
  /** The file's path in the folder (also names the service's side, so both get one language). */
  rel: string;
  /** The service's side; absent for a file the push creates (a new test's), shown against nothing. */
  remote?: RemoteRef;
  /** The service's text as read to compare ('' when `remote` is absent). */
  serviceText: string;
  /** False for a file the push deletes (a test gone from the folder): the folder's side is empty. */
  local: boolean;
}

export interface PlannedDiffs {
  items: DiffItem[];
  /** Text items not shown as a difference because a side is over MAX_DIFF_BYTES, in sentences. */
  tooLarge: string[];
}

const SETTINGS_FIELDS = new Set(['timeLimit', 'judge', 'active']);

/** True when the plan has a text item to show as a difference (no request needed to say so). */
export function hasTextDiffs(plan: PushPlan): boolean {
  return (
    plan.problemId !== undefined &&
    plan.changes.some(
      (c) => c.kind === 'updateProblem' || c.kind === 'updateTest' || c.kind === 'deleteTest' || c.kind === 'createTest' || (c.kind === 'updateJudge' && c.what.includes('source')),
    )
  );
}

/** One file to compare before reading it: where each side is, and their sizes where known. */
interface Candidate {
  rel: string;
  remote?: RemoteRef;
  local: boolean;
  localSize?: number;
  remoteSize?: number;
}

/** The candidates, in the plan's order: settings, statement, judges, then test files (changed, deleted, added). */
function candidates(plan: PushPlan, problemId: number, remoteSizes: Map<number, { input?: number; output?: number }>): Candidate[] {
  const { folder } = plan;
  const out: Candidate[] = [];
  const settings = plan.changes.some(
    (c) =>
      (c.kind === 'updateProblem' && c.what.some((w) => w !== 'statement')) ||
      (c.kind === 'updateTest' && c.what.some((w) => SETTINGS_FIELDS.has(w))) ||
      c.kind === 'deleteTest' ||
      c.kind === 'createTest',
  );
  if (settings) out.push({ rel: SETTINGS_FILE, remote: { kind: 'settings', problemId }, local: true });
  if (plan.changes.some((c) => c.kind === 'updateProblem' && c.what.includes('statement')))
    out.push({ rel: folder.json.statement, remote: { kind: 'statement', problemId }, local: true });
  for (const c of plan.changes) {
    if (c.kind !== 'updateJudge' || !c.what.includes('source')) continue;
    const j = folder.judges.find((x) => x.key === c.key);
    if (j) out.push({ rel: j.file, remote: { kind: 'judge', judgeId: c.id }, local: true });
  }
  const testFiles = (number: number, files: Array<'input' | 'output'>, sides: { local: boolean; remote: boolean }) => {
    const mine = folder.tests.find((t) => t.number === number);
    for (const file of files) {
      out.push({
        rel: testFile(number, file === 'input' ? 'in' : 'out'),
        remote: sides.remote ? { kind: 'test', problemId, number, file } : undefined,
        local: sides.local,
        localSize: sides.local ? (file === 'input' ? mine?.inputSize : mine?.outputSize) : undefined,
        remoteSize: sides.remote ? remoteSizes.get(number)?.[file] : undefined,
      });
    }
  };
  for (const c of plan.changes) {
    if (c.kind === 'updateTest')
      testFiles(
        c.number,
        c.what.filter((w): w is 'input' | 'output' => w === 'input' || w === 'output'),
        { local: true, remote: true },
      );
  }
  for (const c of plan.changes) if (c.kind === 'deleteTest') testFiles(c.number, ['input', 'output'], { local: false, remote: true });
  for (const c of plan.changes) if (c.kind === 'createTest') testFiles(c.number, ['input', 'output'], { local: true, remote: false });
  return out;
}

/** True when the two texts say the same; problem.json also when only its layout differs. */
function sameText(rel: string, service: string, local: string): boolean {
  if (service === local) return true;
  if (rel !== SETTINGS_FILE) return false;
  try {
    return serializeProblemJson(JSON.parse(local)) === service;
  } catch {
    return false;
  }
}

/** The differences to open: only files whose text differs, in the plan's order. */
export async function planDiffs(client: ProblemsClient, plan: PushPlan, signal?: AbortSignal): Promise<PlannedDiffs> {
  const problemId = plan.problemId;
  const { folder } = plan;
  if (problemId === undefined) return { items: [], tooLarge: [] };
  // The listing gives the service's sizes: a large file is never downloaded to be shown.
  const needsListing = plan.changes.some((c) => (c.kind === 'updateTest' && c.what.some((w) => w === 'input' || w === 'output')) || c.kind === 'deleteTest');
  const remoteSizes = new Map<number, { input?: number; output?: number }>();
  if (needsListing) {
    for (const t of (await client.listTestCases(problemId, signal)).items ?? []) remoteSizes.set(t.number, { input: sizeOf(t.input), output: sizeOf(t.output) });
  }
  const items: DiffItem[] = [];
  const tooLarge: string[] = [];
  for (const c of candidates(plan, problemId, remoteSizes)) {
    const size = Math.max(c.localSize ?? 0, c.remoteSize ?? 0);
    if (size > MAX_DIFF_BYTES) {
      tooLarge.push(`${c.rel} (${size} bytes)`);
      continue;
    }
    const serviceText = c.remote ? await readRemoteText(client, c.remote, folder, signal) : '';
    const localText = c.local ? await fs.promises.readFile(path.join(folder.dir, c.rel), 'utf8') : '';
    if (sameText(c.rel, serviceText, localText)) continue;
    items.push({ rel: c.rel, remote: c.remote, serviceText, local: c.local });
  }
  return { items, tooLarge };
}

/** The service's side of one difference, as text. */
export async function readRemoteText(client: ProblemsClient, ref: RemoteRef, folder: ProblemFolder, signal?: AbortSignal): Promise<string> {
  switch (ref.kind) {
    case 'test':
      return (await client.getTestCaseFile(ref.problemId, ref.number, ref.file, signal)).toString('utf8');
    case 'judge':
      return (await client.getJudgeFile(ref.judgeId, 'source', signal)).toString('utf8');
    case 'statement':
      return (await client.getProblem(ref.problemId, {}, signal)).body ?? '';
    case 'settings':
      return serializeProblemJson(await remoteSettings(client, ref.problemId, folder, signal));
  }
}

/** problem.json as the service holds the problem, in the folder's own terms (its judge keys,
 * statement file and link), so that only real differences show. */
async function remoteSettings(client: ProblemsClient, problemId: number, folder: ProblemFolder, signal?: AbortSignal) {
  const remote = await readRemote(client, problemId, signal);
  const keyOf = new Map<number, string>();
  const judges: Record<string, JudgeJson> = {};
  for (const j of folder.judges) {
    if (j.id === undefined) continue;
    const r = await client.getJudge(j.id, signal);
    keyOf.set(j.id, j.key);
    judges[j.key] = { file: j.file, compilerId: r.compiler?.id ?? 0, type: judgeType(r), name: r.name, id: j.id };
  }
  const json = problemJsonOf(remote, {
    endpoint: folder.json.link?.endpoint ?? '',
    statement: folder.json.statement,
    judges,
    refOf: (id): JudgeRef => keyOf.get(id) ?? id,
  });
  // Fields the folder leaves out are not compared by push (plan.ts), so not shown either.
  if (folder.json.code === undefined) delete json.code;
  if (folder.json.executionMode === undefined) delete json.executionMode;
  return json;
}
