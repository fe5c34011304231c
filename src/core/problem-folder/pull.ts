// Pull: the service's problem written as a folder. Test files stream to disk (16 MiB cap each,
// checked from the listing before anything is written) and are hashed on the way; the same
// problem pulled twice gives the same bytes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SphereApiError, type Judge, type ProblemsClient } from '../../api';
import { inParallel } from '../in-parallel';
import { languageForCompiler } from '../languages';
import { ProblemFolderError } from './errors';
import { assertWritable, isServiceId, writeInside } from './inside';
import { JUDGES_DIR, MAX_TEST_FILE_BYTES, SETTINGS_FILE, TESTS_DIR, serializeProblemJson, testFile, type JudgeJson, type JudgeRef } from './format';
import { isBuiltIn, judgeKey, judgeType, problemJsonOf, readRemote, sizeOf } from './service';
import { writeSyncState, type TestHashes } from './state';

export interface PullOptions {
  /** The endpoint as configured (recorded in the link). */
  endpoint: string;
  problemId: number;
  dir: string;
  signal?: AbortSignal;
  /** Called after each file written. */
  onProgress?: (done: number, total: number) => void;
  /** How many test files download at once (default PULL_CONCURRENCY). */
  concurrency?: number;
}

export interface PullResult {
  dir: string;
  tests: number;
  judges: string[];
  /** Things the folder could not hold, said plainly (e.g. a judge whose source is not readable). */
  notes: string[];
}

/** Test files one pull downloads at once; pulling many problems shares this bound among them. */
export const PULL_CONCURRENCY = 4;

const HTML = /<\/?(p|div|h[1-6]|ul|ol|li|table|pre|br|span|img|strong|em|code)\b/i;
export const statementFileFor = (body: string) => (HTML.test(body) ? 'statement.html' : 'statement.md');

async function readJudgeSources(client: ProblemsClient, ids: number[], signal: AbortSignal | undefined, notes: string[]) {
  const judges: Record<string, JudgeJson & { source: Buffer }> = {};
  const refs = new Map<number, JudgeRef>();
  const taken = new Set<string>();
  for (const id of ids) {
    const judge: Judge = await client.getJudge(id, signal);
    if (judge?.id !== id || (judge.compiler?.id !== undefined && !isServiceId(judge.compiler.id))) {
      throw new ProblemFolderError([
        `The service's answer for judge ${id} was refused: it names judge ${JSON.stringify(judge?.id)} with compiler ${JSON.stringify(judge?.compiler?.id)}. Nothing was written. Check that the Problems endpoint is the Sphere Engine service you meant to use.`,
      ]);
    }
    if (isBuiltIn(judge)) {
      refs.set(id, id);
      continue;
    }
    let source: Buffer;
    try {
      source = await client.getJudgeFile(id, 'source', signal);
    } catch (err) {
      if (!(err instanceof SphereApiError) || (err.status !== 403 && err.status !== 404)) throw err;
      notes.push(`Judge ${id} (${judge.name}): its source is not readable with this account, so the folder names it by id.`);
      refs.set(id, id);
      continue;
    }
    const key = judgeKey(judge, taken);
    const compilerId = judge.compiler?.id ?? 0;
    const ext = languageForCompiler(compilerId)?.extensions[0] ?? '.txt';
    judges[key] = { file: `${JUDGES_DIR}/${key}${ext}`, compilerId, type: judgeType(judge), name: judge.name, id, source };
    refs.set(id, key);
  }
  return { judges, refs };
}

export async function pullProblem(client: ProblemsClient, o: PullOptions): Promise<PullResult> {
  const { problem, tests } = await readRemote(client, o.problemId, o.signal);
  const tooBig = tests.flatMap((t) =>
    (['input', 'output'] as const)
      .filter((f) => (sizeOf(t[f]) ?? 0) > MAX_TEST_FILE_BYTES)
      .map((f) => `Test ${t.number}: its ${f} is ${sizeOf(t[f])} bytes, over the 16 MiB a test file may have; nothing was written.`),
  );
  if (tooBig.length) throw new ProblemFolderError(tooBig);

  const notes: string[] = [];
  const masterId = problem.masterjudge?.id ?? 1000;
  const judgeIds = [...new Set([masterId, ...tests.map((t) => t.judge?.id ?? 1)])];
  const { judges, refs } = await readJudgeSources(client, judgeIds, o.signal, notes);

  // Nothing is written through a link the folder already holds (a cloned repository's `tests` -> ~).
  fs.mkdirSync(assertWritable(o.dir, TESTS_DIR, 'The tests folder'), { recursive: true });
  for (const t of tests) for (const ext of ['in', 'out'] as const) assertWritable(o.dir, testFile(t.number, ext), `Test ${t.number}`);
  const total = tests.length * 2;
  let done = 0;
  const hashes: Record<string, TestHashes> = {};
  await inParallel(tests, o.concurrency ?? PULL_CONCURRENCY, async (t) => {
    const input = await client.downloadTestCaseFile(o.problemId, t.number, 'input', path.join(o.dir, testFile(t.number, 'in')), o.signal);
    o.onProgress?.(++done, total);
    const output = await client.downloadTestCaseFile(o.problemId, t.number, 'output', path.join(o.dir, testFile(t.number, 'out')), o.signal);
    o.onProgress?.(++done, total);
    hashes[t.number] = { input: input.sha256, output: output.sha256 };
  });
  // Test files of tests the service no longer has would come back as new tests on push.
  const keep = new Set(tests.flatMap((t) => [`${t.number}.in`, `${t.number}.out`]));
  for (const name of fs.readdirSync(path.join(o.dir, TESTS_DIR))) {
    if (/^\d+\.(in|out)(\.part)?$/.test(name) && !keep.has(name)) fs.rmSync(path.join(o.dir, TESTS_DIR, name));
  }

  if (Object.keys(judges).length) fs.mkdirSync(assertWritable(o.dir, JUDGES_DIR, 'The judges folder'), { recursive: true });
  for (const [key, j] of Object.entries(judges)) writeInside(o.dir, j.file, j.source, `Judge "${key}"`);

  const body = problem.body ?? '';
  const statement = statementFileFor(body);
  writeInside(o.dir, statement, body, 'The statement');
  const json = problemJsonOf(
    { problem, tests },
    {
      endpoint: o.endpoint,
      statement,
      judges: Object.fromEntries(Object.entries(judges).map(([k, { source: _source, ...j }]) => [k, j])),
      refOf: (id) => refs.get(id) ?? id,
    },
  );
  writeInside(o.dir, SETTINGS_FILE, serializeProblemJson(json));
  writeSyncState(o.dir, { problemId: problem.id, lastModified: problem.lastModified ?? null, tests: hashes });
  return { dir: o.dir, tests: tests.length, judges: Object.keys(judges), notes };
}
