// The push preview's text differences: for each changed text item of a plan (statement,
// settings, a test's input or output, a judge's source), the service's side to read and the
// local file. Only GETs, and only when a person asks to see the differences; files over
// MAX_DIFF_BYTES are named instead of read.
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
  remote: RemoteRef;
}

export interface PlannedDiffs {
  items: DiffItem[];
  /** Text items not shown as a difference because a side is over MAX_DIFF_BYTES, in sentences. */
  tooLarge: string[];
}

const SETTINGS_FIELDS = new Set(['timeLimit', 'judge', 'active']);

/** True when the plan has a text item to show as a difference (no request needed to say so). */
export function hasTextDiffs(plan: PushPlan): boolean {
  return plan.problemId !== undefined && plan.changes.some((c) => c.kind === 'updateProblem' || c.kind === 'updateTest' || c.kind === 'deleteTest' || c.kind === 'createTest' || (c.kind === 'updateJudge' && c.what.includes('source')));
}

/** The differences to open, in the plan's order: settings, statement, judges, test files. */
export async function planDiffs(client: ProblemsClient, plan: PushPlan, signal?: AbortSignal): Promise<PlannedDiffs> {
  const problemId = plan.problemId;
  const { folder } = plan;
  if (problemId === undefined) return { items: [], tooLarge: [] };
  const items: DiffItem[] = [];
  const tooLarge: string[] = [];
  const settings = plan.changes.some((c) => (c.kind === 'updateProblem' && c.what.some((w) => w !== 'statement'))
    || (c.kind === 'updateTest' && c.what.some((w) => SETTINGS_FIELDS.has(w))) || c.kind === 'deleteTest' || c.kind === 'createTest');
  if (settings) items.push({ rel: SETTINGS_FILE, remote: { kind: 'settings', problemId } });
  if (plan.changes.some((c) => c.kind === 'updateProblem' && c.what.includes('statement'))) items.push({ rel: folder.json.statement, remote: { kind: 'statement', problemId } });
  for (const c of plan.changes) {
    if (c.kind !== 'updateJudge' || !c.what.includes('source')) continue;
    const j = folder.judges.find((x) => x.key === c.key);
    if (j) items.push({ rel: j.file, remote: { kind: 'judge', judgeId: c.id } });
  }
  const files = plan.changes.flatMap((c) => (c.kind === 'updateTest' ? c.what.filter((w): w is 'input' | 'output' => w === 'input' || w === 'output').map((file) => ({ number: c.number, file })) : []));
  if (files.length) {
    // The listing gives the service's sizes: a large file is never downloaded to be shown.
    const remote = new Map(((await client.listTestCases(problemId, signal)).items ?? []).map((t) => [t.number, t]));
    for (const { number, file } of files) {
      const local = folder.tests.find((t) => t.number === number);
      const localSize = file === 'input' ? local?.inputSize : local?.outputSize;
      const remoteSize = sizeOf(remote.get(number)?.[file]);
      const rel = testFile(number, file === 'input' ? 'in' : 'out');
      if ((localSize ?? 0) > MAX_DIFF_BYTES || (remoteSize ?? 0) > MAX_DIFF_BYTES) {
        tooLarge.push(`${rel} (${Math.max(localSize ?? 0, remoteSize ?? 0)} bytes)`);
        continue;
      }
      items.push({ rel, remote: { kind: 'test', problemId, number, file } });
    }
  }
  return { items, tooLarge };
}

/** The service's side of one difference, as text. */
export async function readRemoteText(client: ProblemsClient, ref: RemoteRef, folder: ProblemFolder, signal?: AbortSignal): Promise<string> {
  switch (ref.kind) {
    case 'test': return (await client.getTestCaseFile(ref.problemId, ref.number, ref.file, signal)).toString('utf8');
    case 'judge': return (await client.getJudgeFile(ref.judgeId, 'source', signal)).toString('utf8');
    case 'statement': return (await client.getProblem(ref.problemId, {}, signal)).body ?? '';
    case 'settings': return serializeProblemJson(await remoteSettings(client, ref.problemId, folder, signal));
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
