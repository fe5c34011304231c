// Problems as folders against the emulator, through our own client and core (src/core/problem-folder):
// pull twice gives the same bytes; pull → push sends no changing request; one edited test is one
// PUT; bad folders are refused before any request; an unlinked folder creates the problem; a push
// that fails halfway reports what was applied and finishes when run again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProblemsClient } from '../../src/api';
import { applyPlan, planPush, pullProblem, pushSucceeded, readProblemFolder, ProblemFolderError, describePlan, describeResult, type PushPlan } from '../../src/core/problem-folder';
import { useScratch } from '../scratch';
import { json, startTestEmulator, testHook, TOKEN, type TestEmulator } from './harness';

describe('problem folders (core over the emulator)', function () {
  const scratch = useScratch();
  let emu: TestEmulator;
  let client: ProblemsClient;
  let problemId: number;
  let judgeId: number;

  const changing = async () => {
    const items = (await json(await testHook(emu, 'GET', 'requests'))).items as Array<{ method: string; url: string }>;
    return items.filter((r) => r.method !== 'GET' && !r.url.startsWith('/__emulator')).map((r) => `${r.method} ${r.url.replace(/\?.*$/, '')}`);
  };
  const clearLog = () => testHook(emu, 'DELETE', 'requests');
  const snapshot = (dir: string) => {
    const out: Record<string, string> = {};
    const walk = (rel: string) => {
      for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
        const r = path.join(rel, e.name);
        if (e.isDirectory()) walk(r);
        else out[r] = fs.readFileSync(path.join(dir, r)).toString('base64');
      }
    };
    walk('');
    return out;
  };
  const push = async (dir: string, allowDeletes = false) => {
    const plan = await planPush(client, readProblemFolder(dir), emu.endpoints.problems);
    return { plan, result: await applyPlan(client, plan, { allowDeletes }) };
  };

  before(async () => {
    emu = await startTestEmulator();
    client = new ProblemsClient({ endpoint: emu.endpoints.problems, token: TOKEN });
    ({ id: judgeId } = await client.createJudge({ name: 'Lines checker', source: 'import sys\nsys.exit(0)\n', compilerId: 116, typeId: 0 }));
    ({ id: problemId } = await client.createProblem({ name: 'Sum', body: 'Add **two** numbers.', typeId: 0, masterjudgeId: 1000, interactive: false }));
    for (let i = 0; i < 3; i++)
      await client.createTestCase(problemId, { input: `${i} ${i}\n`, output: `${2 * i}\n`, timeLimit: 1 + i / 2, judgeId: i === 2 ? judgeId : 1, active: i !== 1 });
  });
  after(async () => {
    await client?.close();
    await emu?.close();
  });

  it('pulls a problem into a folder, byte-identical when pulled again', async () => {
    const dir = scratch('pf-pull-');
    const first = await pullProblem(client, { endpoint: emu.endpoints.problems, problemId, dir });
    assert.deepEqual(first.judges, ['lines-checker']);
    const settings = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8'));
    assert.deepEqual(settings.link, { endpoint: emu.endpoints.problems, problemId });
    assert.equal(JSON.stringify(settings).includes(TOKEN), false, 'no token in the folder');
    assert.deepEqual(settings.tests, [
      { number: 0, timeLimit: 1, judge: 1, active: true },
      { number: 1, timeLimit: 1.5, judge: 1, active: false },
      { number: 2, timeLimit: 2, judge: 'lines-checker', active: true },
    ]);
    assert.equal(fs.readFileSync(path.join(dir, 'tests/2.out'), 'utf8'), '4\n');
    assert.equal(fs.readFileSync(path.join(dir, 'statement.md'), 'utf8'), 'Add **two** numbers.');
    assert.equal(fs.readFileSync(path.join(dir, 'judges/lines-checker.py'), 'utf8'), 'import sys\nsys.exit(0)\n');
    const before = snapshot(dir);
    await pullProblem(client, { endpoint: emu.endpoints.problems, problemId, dir });
    assert.deepEqual(snapshot(dir), before);
  });

  it('pull → push sends no changing request; one edited test is exactly one PUT; then nothing again', async () => {
    const dir = scratch('pf-round-');
    await pullProblem(client, { endpoint: emu.endpoints.problems, problemId, dir });
    await clearLog();
    const unchanged = await push(dir);
    assert.deepEqual(unchanged.plan.changes, []);
    assert.deepEqual(await changing(), []);

    fs.writeFileSync(path.join(dir, 'tests/1.out'), '3\n');
    await clearLog();
    const edited = await push(dir);
    assert.deepEqual(describePlan(edited.plan), ['Update test 1: expected output']);
    assert.ok(pushSucceeded(edited.result));
    assert.deepEqual(await changing(), [`PUT /problems/api/v4/problems/${problemId}/testcases/1`]);
    assert.equal((await client.getTestCaseFile(problemId, 1, 'output')).toString(), '3\n');
    // Same size as before (2 bytes): found by hash, and remembered so the next push downloads nothing.
    await clearLog();
    assert.deepEqual((await push(dir)).plan.changes, []);
    const downloads = async () => (await json(await testHook(emu, 'GET', 'requests'))).items.filter((r: { url: string }) => /\/(input|output)\?/.test(r.url)).length;
    assert.equal(await downloads(), 0);
    // Without the remembered hashes the files of equal size are downloaded to compare, once: a plan
    // with nothing to send (the commands and the CLI then stop there) keeps what it downloaded.
    fs.rmSync(path.join(dir, '.sphere-engine'), { recursive: true });
    const planOnly = () => planPush(client, readProblemFolder(dir), emu.endpoints.problems);
    await clearLog();
    assert.deepEqual((await planOnly()).changes, []);
    assert.equal(await downloads(), 6);
    await clearLog();
    assert.deepEqual((await planOnly()).changes, []);
    assert.equal(await downloads(), 0);
  });

  it('settings, a judge and a deletion: the deletion only when allowed', async () => {
    const dir = scratch('pf-settings-');
    await pullProblem(client, { endpoint: emu.endpoints.problems, problemId, dir });
    const file = path.join(dir, 'problem.json');
    const settings = JSON.parse(fs.readFileSync(file, 'utf8'));
    settings.name = 'Sum of two';
    settings.tests = settings.tests.filter((t: { number: number }) => t.number !== 0);
    fs.writeFileSync(file, JSON.stringify(settings));
    fs.rmSync(path.join(dir, 'tests/0.in'));
    fs.rmSync(path.join(dir, 'tests/0.out'));
    fs.appendFileSync(path.join(dir, 'judges/lines-checker.py'), '# stricter\n');
    await clearLog();
    const { plan, result } = await push(dir);
    assert.deepEqual(describePlan(plan), ['Update judge "lines-checker" (id ' + judgeId + '): source', 'Update problem: name', 'Delete test 0']);
    assert.deepEqual(
      result.skipped.map((c) => c.kind),
      ['deleteTest'],
    );
    assert.equal(pushSucceeded(result), false);
    assert.deepEqual(await changing(), [`PUT /problems/api/v4/judges/${judgeId}`, `PUT /problems/api/v4/problems/${problemId}`]);
    await clearLog();
    const again = await push(dir, true);
    assert.deepEqual(describePlan(again.plan), ['Delete test 0']);
    assert.deepEqual(await changing(), [`DELETE /problems/api/v4/problems/${problemId}/testcases/0`]);
  });

  it('refuses a bad folder with every reason, before any request', async () => {
    const dir = scratch('pf-bad-');
    await pullProblem(client, { endpoint: emu.endpoints.problems, problemId, dir });
    const settings = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8'));
    settings.tests[0].judge = 'nope';
    fs.writeFileSync(path.join(dir, 'problem.json'), JSON.stringify(settings));
    fs.writeFileSync(path.join(dir, 'tests/7.in'), '1\n');
    fs.writeFileSync(path.join(dir, 'tests/8.in'), '1\n');
    fs.writeFileSync(path.join(dir, 'tests/8.out'), Buffer.alloc(16 * 1024 * 1024 + 1));
    await clearLog();
    const err = (() => {
      try {
        readProblemFolder(dir);
      } catch (e) {
        return e as ProblemFolderError;
      }
      return undefined;
    })();
    assert.ok(err instanceof ProblemFolderError);
    assert.match(err.message, /unknown judge "nope"/);
    assert.match(err.message, /tests\/7\.out is missing/);
    assert.match(err.message, /tests\/8\.out is 16777217 bytes; the service takes at most 16 MiB/);
    fs.writeFileSync(path.join(dir, 'problem.json'), '{ "name": ');
    assert.throws(() => readProblemFolder(dir), /problem\.json is not valid JSON/);
    assert.deepEqual((await json(await testHook(emu, 'GET', 'requests'))).items, []);
  });

  it('refuses to pull a test over 16 MiB before writing anything', async () => {
    const { id } = await client.createProblem({ name: 'Too big', masterjudgeId: 1000 });
    const big = path.join(scratch('pf-big-src-'), 'big.out');
    fs.writeFileSync(big, Buffer.alloc(16 * 1024 * 1024 + 1, 'x'));
    await client.createTestCaseFromFiles(id, { inputPath: big, outputPath: big, judgeId: 1 });
    const dir = path.join(scratch('pf-big-'), 'p');
    await assert.rejects(
      pullProblem(client, { endpoint: emu.endpoints.problems, problemId: id, dir }),
      /Test 0: its input is 16777217 bytes, over the 16 MiB a test file may have; nothing was written/,
    );
    assert.equal(fs.existsSync(dir), false);
    await client.deleteProblem(id);
  });

  it('an unlinked folder creates the problem; a push that fails halfway finishes when run again', async () => {
    const dir = scratch('pf-new-');
    fs.mkdirSync(path.join(dir, 'tests'));
    fs.writeFileSync(path.join(dir, 'statement.md'), '# Echo\n');
    fs.mkdirSync(path.join(dir, 'judges'));
    fs.writeFileSync(path.join(dir, 'judges/lenient.py'), 'import sys\nsys.exit(0)\n');
    const judges = { lenient: { file: 'judges/lenient.py', compilerId: 116, type: 'testcase' } };
    const settings = {
      name: 'Echo',
      type: 'binary',
      interactive: false,
      masterJudge: 1000,
      statement: 'statement.md',
      judges,
      tests: [
        { number: 0, timeLimit: 1, judge: 'lenient', active: true },
        { number: 1, timeLimit: 1, judge: 999, active: true },
      ],
    };
    fs.writeFileSync(path.join(dir, 'problem.json'), JSON.stringify(settings));
    for (const n of [0, 1, 2]) {
      fs.writeFileSync(path.join(dir, `tests/${n}.in`), `${n}\n`);
      fs.writeFileSync(path.join(dir, `tests/${n}.out`), `${n}\n`);
    }
    // Test 1 names a judge the service does not have: its creation fails halfway through the push.
    const first = await push(dir);
    assert.equal(first.result.failed?.change.kind, 'createTest');
    assert.match(describeResult(first.result, first.plan).join('\n'), /FAILED: Add test 1 with judge 999, time limit 1 s: .*judge 999/);
    assert.deepEqual(
      first.result.applied.map((c) => c.kind),
      ['createJudge', 'createProblem', 'createTest'],
    );
    assert.deepEqual(
      first.result.notApplied.map((c) => c.kind),
      ['createTest'],
    );
    const linked = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8'));
    assert.equal(linked.link.problemId, first.result.problemId);
    const judgeId = linked.judges.lenient.id;
    assert.equal((await client.getJudge(judgeId)).name, 'lenient');
    assert.equal((await client.getTestCase(linked.link.problemId, 0)).judge?.id, judgeId);
    linked.tests.find((t: { number: number }) => t.number === 1).judge = 1;
    fs.writeFileSync(path.join(dir, 'problem.json'), JSON.stringify(linked));
    const second = await push(dir);
    // Test 2 came without an entry: it took the judge most tests had when the folder was read (a tie: the first's).
    assert.deepEqual(describePlan(second.plan as PushPlan), ['Add test 1 with judge 1, time limit 1 s', 'Add test 2 with judge "lenient", time limit 1 s']);
    assert.ok(pushSucceeded(second.result));
    assert.deepEqual((await push(dir)).plan.changes, []);
    assert.deepEqual(
      (await client.listTestCases(linked.link.problemId)).items.map((t) => t.number),
      [0, 1, 2],
    );
  });
});
