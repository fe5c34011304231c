// `npm run problems -- pull|push`: the CLI over the problem folder core, against the emulator.
// In-process (runProblemsCli) for the cases, one real process for the exit code; check over the core.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProblemsClient } from '../../src/api';
import { runProblemsCli } from '../../src/cli/problems';
import { checkProblemFolder, describeCheck, readProblemFolder } from '../../src/core/problem-folder';
import { useScratch } from '../scratch';
import { json, READ_ONLY_TOKEN, startTestEmulator, testHook, TOKEN, type TestEmulator } from './harness';

describe('problems CLI (pull, push, --dry-run)', function () {
  const scratch = useScratch();
  let emu: TestEmulator;
  let problemId: number;

  const run = async (argv: string[], env: Record<string, string | undefined> = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runProblemsCli(argv, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { SPHERE_ENGINE_PROBLEMS_TOKEN: TOKEN, SPHERE_ENGINE_PROBLEMS_ENDPOINT: emu.endpoints.problems, ...env },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const changing = async () => (await json(await testHook(emu, 'GET', 'requests'))).items.filter((r: { method: string }) => r.method !== 'GET').length;

  before(async () => {
    emu = await startTestEmulator();
    const post = async (p: string, body: unknown) =>
      json(await fetch(emu.url('problems', p), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    problemId = (await post('/problems', { name: 'CLI', masterjudgeId: 1000 })).id;
    await post(`/problems/${problemId}/testcases`, { input: '1\n', output: '1\n', judgeId: 1 });
  });
  after(() => emu?.close());

  it('pulls, prints the plan with --dry-run without sending it, then pushes it', async () => {
    const dir = path.join(scratch('cli-'), 'p');
    assert.deepEqual(await run(['pull', String(problemId), dir]), { code: 0, out: `Pulled problem ${problemId} into ${dir}: 1 test cases.`, err: '' });
    fs.writeFileSync(path.join(dir, 'tests/0.in'), '2\n');
    await testHook(emu, 'DELETE', 'requests');
    const dry = await run(['push', dir, '--dry-run']);
    assert.equal(dry.code, 0);
    assert.equal(dry.out, 'Plan (1 change):\n  Update test 0: input');
    assert.equal(await changing(), 0);
    // The folder's link is used only when asked for by name (never by default: issue 26, item 14).
    const pushed = await run(['push', dir, '--trust-folder-endpoint'], { SPHERE_ENGINE_PROBLEMS_ENDPOINT: undefined });
    assert.equal(pushed.code, 0, pushed.err);
    assert.match(pushed.out, /applied: Update test 0: input/);
    assert.equal(await changing(), 1);
    assert.deepEqual(await run(['push', dir]), { code: 0, out: 'Nothing to push: the folder and the service agree.', err: '' });
  });

  it('exits 1 when a deletion was not allowed or the folder is bad, 64 for usage; never takes a token flag', async () => {
    const dir = path.join(scratch('cli-del-'), 'p');
    await run(['pull', String(problemId), dir]);
    fs.rmSync(path.join(dir, 'tests/0.out'));
    const bad = await run(['push', dir]);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /Nothing was pushed\. Test 0: tests\/0\.out is missing/);
    fs.rmSync(path.join(dir, 'tests/0.in'));
    fs.writeFileSync(path.join(dir, 'problem.json'), fs.readFileSync(path.join(dir, 'problem.json'), 'utf8').replace(/"tests": \[[\s\S]*\]/, '"tests": []'));
    const kept = await run(['push', dir]);
    assert.equal(kept.code, 1);
    assert.match(kept.err, /pass --allow-delete/);
    const token = await run(['push', dir, '--token', TOKEN]);
    assert.equal(token.code, 64);
    assert.match(token.err, /never a flag/);
    assert.equal((await run(['push', dir], { SPHERE_ENGINE_PROBLEMS_TOKEN: undefined })).code, 64);
  });

  it('with a token that lacks write access: exits 1 at the first refused change, says nothing was changed and what to do, never prints the token', async () => {
    const dir = path.join(scratch('cli-ro-'), 'p');
    await run(['pull', String(problemId), dir]);
    fs.writeFileSync(path.join(dir, 'tests/0.in'), '7\n');
    fs.writeFileSync(path.join(dir, 'tests/1.in'), '8\n');
    fs.writeFileSync(path.join(dir, 'tests/1.out'), '8\n');
    const settings = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8'));
    settings.tests.push({ ...settings.tests[0], number: 1 });
    fs.writeFileSync(path.join(dir, 'problem.json'), JSON.stringify(settings, null, 2));
    const before = await (await fetch(emu.url('problems', `/problems/${problemId}/testcases`))).text();
    await testHook(emu, 'DELETE', 'requests');
    const refused = await run(['push', dir], { SPHERE_ENGINE_PROBLEMS_TOKEN: READ_ONLY_TOKEN });
    assert.equal(refused.code, 1);
    assert.match(
      refused.err,
      /The token in SPHERE_ENGINE_PROBLEMS_TOKEN may read problem \d+ but not change it: the service refused "Update test 0: input" \(HTTP 403, access denied\)\./,
    );
    assert.match(refused.err, /Nothing was changed on the service \(not sent: Add test 1 with judge \d+, time limit [\d.]+ s\)\./);
    assert.match(refused.err, /Set SPHERE_ENGINE_PROBLEMS_TOKEN to a token with write access/);
    const output = `${refused.out}\n${refused.err}`;
    assert.ok(!output.includes(READ_ONLY_TOKEN) && !output.includes(TOKEN), output);
    // Stopped at the first refusal: one changing request, and the service as it was.
    assert.equal(await changing(), 1);
    assert.equal(await (await fetch(emu.url('problems', `/problems/${problemId}/testcases`))).text(), before);
  });

  it('pulls several problems by code into one parent folder; exit 1 when one is skipped or unknown', async () => {
    const post = async (p: string, body: unknown) =>
      json(await fetch(emu.url('problems', p), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const second = (await post('/problems', { name: 'CLI two', code: 'CLITWO', masterjudgeId: 1000 })).id;
    await post(`/problems/${second}/testcases`, { input: '2\n', output: '2\n', judgeId: 1 });
    const code = (await json(await fetch(emu.url('problems', `/problems/${problemId}`)))).code as string;
    const parent = scratch('cli-many-');
    const both = await run(['pull', code.toLowerCase(), 'CLITWO', '--into', parent]);
    assert.equal(both.code, 0, both.err);
    assert.equal(both.out, `Pulled 2 of 2 problems into ${parent}.`);
    assert.deepEqual(fs.readdirSync(parent).sort(), [code, 'CLITWO'].sort());
    assert.equal(fs.readFileSync(path.join(parent, 'CLITWO/tests/0.in'), 'utf8'), '2\n');
    assert.equal(JSON.parse(fs.readFileSync(path.join(parent, code, 'problem.json'), 'utf8')).link.problemId, problemId);
    // Pulled again: updated in place. A folder holding something else is left alone, and says so.
    fs.writeFileSync(path.join(parent, 'CLITWO/problem.json'), '{}');
    const again = await run(['pull', String(problemId), 'CLITWO', 'NOSUCH', '--into', parent]);
    assert.equal(again.code, 1);
    assert.match(
      again.out,
      /^Pulled 1 of 3 problems into .*; skipped 1; failed 1\.\n {2}skipped: CLITWO \(\d+\): .*CLITWO was left as it is: the folder is not empty and is not linked to this problem\.$/,
    );
    assert.match(again.err, /FAILED: NOSUCH: no problem with this code/);
    assert.equal(fs.readFileSync(path.join(parent, 'CLITWO/problem.json'), 'utf8'), '{}');
  });

  it('runs as a process: the exit code says whether everything succeeded', () => {
    const cli = path.resolve(__dirname, '../../src/cli/problems.js');
    const r = spawnSync(process.execPath, [cli, 'push', path.join(scratch('cli-none-'), 'missing')], {
      env: { ...process.env, SPHERE_ENGINE_PROBLEMS_TOKEN: TOKEN, SPHERE_ENGINE_PROBLEMS_ENDPOINT: emu.endpoints.problems },
      encoding: 'utf8',
    });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /problem\.json is missing/);
  });
});

describe('check: reference solutions against their expected verdicts', function () {
  const scratch = useScratch();
  let emu: TestEmulator;
  after(() => emu?.close());

  it('judges every solution (results fetched by ids), and a wrong solution that passes fails the check', async () => {
    emu = await startTestEmulator();
    const post = async (p: string, body: unknown) =>
      json(await fetch(emu.url('problems', p), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const problemId = (await post('/problems', { name: 'Echo', masterjudgeId: 1000 })).id;
    await post(`/problems/${problemId}/testcases`, { input: '5\n', output: '5\n', judgeId: 1 });
    const dir = path.join(scratch('check-'), 'echo');
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: () => undefined, env: { SPHERE_ENGINE_PROBLEMS_TOKEN: TOKEN, SPHERE_ENGINE_PROBLEMS_ENDPOINT: emu.endpoints.problems } };
    assert.equal(await runProblemsCli(['pull', String(problemId), dir], io), 0);
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    write('solutions/accepted/echo.py', 'print(input())\n');
    write('solutions/wrong_answer/off.py', 'print(int(input()) + 1)\n');
    write('solutions/wrong_answer/lucky.py', 'print(5)\n');
    write('solutions/runtime_error/crash.py', 'raise SystemExit(3)\n');
    const folder = readProblemFolder(dir);
    await testHook(emu, 'DELETE', 'requests');
    const client = new ProblemsClient({ endpoint: emu.endpoints.problems, token: TOKEN });
    try {
      const checks = await checkProblemFolder(client, folder, { sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 100))) });
      assert.deepEqual(
        checks.map((c) => [c.file, c.status?.name, c.ok]),
        [
          ['solutions/accepted/echo.py', 'accepted', true],
          ['solutions/runtime_error/crash.py', 'runtime error', true],
          ['solutions/wrong_answer/lucky.py', 'accepted', false],
          ['solutions/wrong_answer/off.py', 'wrong answer', true],
        ],
      );
      assert.match(
        describeCheck(checks[2]),
        /FAIL .*expected wrong answer, got accepted \(15\) \(time [\d.]+ s, memory \d+ KB, time limit \d+ s\) — the tests do not catch this solution/,
      );
      const log = (await json(await testHook(emu, 'GET', 'requests'))).items.map(
        (r: { method: string; url: string }) => `${r.method} ${r.url.replace(/access_token=[^&]*&?/, '').replace(/\?$/, '')}`,
      );
      assert.equal(log.filter((l: string) => l.startsWith('POST /problems/api/v4/submissions')).length, 4);
      assert.ok(
        log.some((l: string) => /^GET \/problems\/api\/v4\/submissions\?ids=\d+(%2C|,)\d+(%2C|,)\d+(%2C|,)\d+$/.test(l)),
        log.join('\n'),
      );
      assert.ok(!log.some((l: string) => /^GET \/problems\/api\/v4\/submissions\/\d+/.test(l)), 'no submission fetched one by one');
    } finally {
      await client.close();
    }
  });
});
