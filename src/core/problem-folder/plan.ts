// Push, part one: what differs between the folder and the service, as a list of changes a
// person can read before anything is sent. Only GETs here (and the local cache of hashes). Test data is compared by SHA-256:
// sizes first (from the listing), then the hashes remembered from the last pull or push while
// the service's lastModified stamps are unchanged, and only otherwise by downloading the file.
import { apiBaseUrl, type ProblemsClient, type TestCase } from '../../api';
import { ProblemFolderError } from './errors';
import type { JudgeRef } from './format';
import type { ProblemFolder } from './read';
import { problemType, readRemote, sizeOf, type RemoteProblem } from './service';
import { hashBytes, hashFile, readSyncState, writeSyncState, type TestHashes } from './state';

export type TestField = 'input' | 'output' | 'timeLimit' | 'judge' | 'active';
export type ProblemField = 'name' | 'statement' | 'type' | 'interactive' | 'masterJudge' | 'executionMode' | 'code';

export type Change =
  | { kind: 'createJudge'; key: string }
  | { kind: 'updateJudge'; key: string; id: number; what: Array<'source' | 'compiler' | 'name'> }
  | { kind: 'createProblem' }
  | { kind: 'updateProblem'; what: ProblemField[] }
  | { kind: 'updateTest'; number: number; what: TestField[] }
  | { kind: 'deleteTest'; number: number }
  | { kind: 'createTest'; number: number };

export interface PushPlan {
  folder: ProblemFolder;
  endpoint: string;
  /** Absent: the folder is not linked yet and the first change creates the problem. */
  problemId?: number;
  changes: Change[];
  /** SHA-256 of each local test's files, by test number. */
  local: Map<number, TestHashes>;
  /** What the service holds, where known (remembered or downloaded), by test number. */
  remote: Map<number, TestHashes>;
}

/** The same Problems endpoint, however it is written (customer id or URL). */
export const sameEndpoint = (a: string, b: string) => {
  try {
    return apiBaseUrl('problems', a) === apiBaseUrl('problems', b);
  } catch {
    return a === b;
  }
};

/** The service id a judge reference stands for; undefined for a judge this push creates. */
export function judgeIdOf(folder: ProblemFolder, ref: JudgeRef): number | undefined {
  return typeof ref === 'number' ? ref : folder.json.judges?.[ref]?.id;
}

async function planJudges(client: ProblemsClient, folder: ProblemFolder, signal?: AbortSignal): Promise<Change[]> {
  const changes: Change[] = [];
  for (const j of folder.judges) {
    if (j.id === undefined) {
      changes.push({ kind: 'createJudge', key: j.key });
      continue;
    }
    const remote = await client.getJudge(j.id, signal);
    const what: Array<'source' | 'compiler' | 'name'> = [];
    if (hashBytes(await client.getJudgeFile(j.id, 'source', signal)) !== (await hashFile(j.sourcePath))) what.push('source');
    if (remote.compiler?.id !== j.compilerId) what.push('compiler');
    if (remote.name !== (j.name ?? j.key)) what.push('name');
    if (what.length) changes.push({ kind: 'updateJudge', key: j.key, id: j.id, what });
  }
  return changes;
}

function planProblem(folder: ProblemFolder, { problem }: RemoteProblem): ProblemField[] {
  const s = folder.json;
  const what: ProblemField[] = [];
  if (s.name !== problem.name) what.push('name');
  if (folder.body !== (problem.body ?? '')) what.push('statement');
  if (s.type !== problemType(problem)) what.push('type');
  if (s.interactive !== (problem.interactive === true)) what.push('interactive');
  const master = judgeIdOf(folder, s.masterJudge);
  if (master === undefined || master !== problem.masterjudge?.id) what.push('masterJudge');
  if (s.executionMode !== undefined && s.executionMode !== problem.executionMode) what.push('executionMode');
  if (s.code !== undefined && s.code.toUpperCase() !== problem.code) what.push('code');
  return what;
}

export async function planPush(client: ProblemsClient, folder: ProblemFolder, endpoint: string, signal?: AbortSignal): Promise<PushPlan> {
  const link = folder.json.link;
  if (link && !sameEndpoint(link.endpoint, endpoint)) {
    throw new ProblemFolderError([
      `This folder is linked to problem ${link.problemId} on ${link.endpoint}, not to ${endpoint}. Push it with that endpoint, or remove "link" from problem.json to create the problem anew.`,
    ]);
  }
  const local = new Map<number, TestHashes>();
  for (const t of folder.tests) local.set(t.number, { input: await hashFile(t.inputPath), output: await hashFile(t.outputPath) });
  const changes = await planJudges(client, folder, signal);
  const remoteHashes = new Map<number, TestHashes>();
  if (!link) {
    changes.push({ kind: 'createProblem' }, ...folder.tests.map((t): Change => ({ kind: 'createTest', number: t.number })));
    return { folder, endpoint, changes, local, remote: remoteHashes };
  }
  const remote = await readRemote(client, link.problemId, signal);
  const problemWhat = planProblem(folder, remote);
  if (problemWhat.length) changes.push({ kind: 'updateProblem', what: problemWhat });

  const state = readSyncState(folder.dir);
  const stamps = remote.problem.lastModified;
  const cacheValid =
    !!state && state.problemId === link.problemId && !!stamps && !!state.lastModified && state.lastModified.body === stamps.body && state.lastModified.settings === stamps.settings;
  const remoteHash = async (t: TestCase, file: 'input' | 'output'): Promise<string> => {
    const cached = cacheValid ? state!.tests[t.number]?.[file] : undefined;
    return cached ?? hashBytes(await client.getTestCaseFile(link.problemId, t.number, file, signal));
  };

  const byNumber = new Map(remote.tests.map((t) => [t.number, t]));
  const updates: Change[] = [];
  for (const t of folder.tests) {
    const r = byNumber.get(t.number);
    if (!r) continue;
    const mine = local.get(t.number)!;
    const known: Partial<TestHashes> = {};
    const what: TestField[] = [];
    for (const [file, size] of [
      ['input', t.inputSize],
      ['output', t.outputSize],
    ] as const) {
      if (sizeOf(r[file]) !== undefined && sizeOf(r[file]) !== size) {
        what.push(file);
        continue;
      }
      known[file] = await remoteHash(r, file);
      if (known[file] !== mine[file]) what.push(file);
    }
    if (known.input && known.output) remoteHashes.set(t.number, known as TestHashes);
    if (Math.abs((r.timeLimit ?? 1) - t.timeLimit) > 1e-9) what.push('timeLimit');
    const judge = judgeIdOf(folder, t.judge);
    if (judge === undefined || judge !== (r.judge?.id ?? 1)) what.push('judge');
    if ((r.active !== false) !== t.active) what.push('active');
    if (what.length) updates.push({ kind: 'updateTest', number: t.number, what });
  }
  const localNumbers = new Set(folder.tests.map((t) => t.number));
  const deletes = remote.tests.filter((t) => !localNumbers.has(t.number)).map((t): Change => ({ kind: 'deleteTest', number: t.number }));
  const creates = folder.tests.filter((t) => !byNumber.has(t.number)).map((t): Change => ({ kind: 'createTest', number: t.number }));
  // Deletes before creates: a problem at the test case limit makes room first.
  changes.push(...updates, ...deletes, ...creates);
  // What was just downloaded to compare is remembered, so the next push need not download it again.
  if (!cacheValid && stamps) writeSyncState(folder.dir, { problemId: link.problemId, lastModified: stamps, tests: Object.fromEntries(remoteHashes) });
  return { folder, endpoint, problemId: link.problemId, changes, local, remote: remoteHashes };
}
