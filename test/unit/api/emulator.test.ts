// The three clients against the real local emulator (test/emulator/harness.ts).
// This file checks that our wire format and the emulator agree end to end. It only calls
// endpoints the emulator served when this file was written; nothing is skipped here, so a
// call that stops working fails. The Compilers client's runs: emulator-compilers.test.ts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tar from 'tar';
import { collect, CompilersClient, ContainersClient, isAcceptedStatus, ProblemsClient, SphereApiError, WORKSPACE_STATES } from '../../../src/api';
import { pollUntilDone } from '../../../src/core/poller';
import { startTestEmulator, TOKEN, type TestEmulator } from '../../emulator/harness';

/** Polling at the spec's rhythm would make the suite slow; the emulator's poll guard is off here. */
const FAST_POLL_MS = 100;

describe('api clients against the emulator', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let containers: ContainersClient;
  let compilers: CompilersClient;
  let problems: ProblemsClient;
  let tmp: string;
  const log: string[] = [];

  before(async () => {
    emu = await startTestEmulator();
    const common = { token: TOKEN, logger: (l: string) => log.push(l) };
    containers = new ContainersClient({ endpoint: emu.endpoints.containers, ...common });
    compilers = new CompilersClient({ endpoint: emu.endpoints.compilers, ...common });
    problems = new ProblemsClient({ endpoint: emu.endpoints.problems, ...common });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'se-api-emu-'));
  });
  after(async () => {
    await Promise.all([containers?.close(), compilers?.close(), problems?.close()]);
    await emu?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('test() answers on all three modules', async () => {
    for (const client of [containers, compilers, problems]) {
      const res = await client.test();
      assert.equal(typeof res.message, 'string');
      assert.ok(res.message.length > 0);
    }
  });

  it('a wrong token gives SphereApiError 401/1 with the Set Token action', async () => {
    const wrong = new CompilersClient({ endpoint: emu.endpoints.compilers, token: 'wrong-token-xyz' });
    try {
      await assert.rejects(wrong.test(), (e: unknown) => e instanceof SphereApiError && e.status === 401 && e.errorCode === 1 && e.action === 'setToken');
    } finally {
      await wrong.close();
    }
  });

  it('log lines never contain the token', () => {
    assert.ok(log.length > 0);
    assert.ok(
      log.every((l) => !l.includes(TOKEN) && /access_token=\*\*\*/.test(l)),
      log.join('\n'),
    );
  });

  describe('containers: projects, workspaces, files, submissions', () => {
    let projectId: string;
    let workspaceId: string;

    it('lists projects across pages and reads one', async () => {
      const all = await collect(containers.iterateProjects({ limit: 1 }));
      assert.ok(all.length >= 1);
      const python = all.find((p) => p.name === 'Console Python') ?? all[0];
      projectId = python.id;
      const one = await containers.getProject(projectId);
      assert.equal(one.id, projectId);
      assert.equal(typeof one.config.project_config, 'string');
    });

    it('an unknown project is 404/200201', async () => {
      await assert.rejects(containers.getProject('0'.repeat(32)), (e: unknown) => e instanceof SphereApiError && e.status === 404 && e.errorCode === 200201);
    });

    it('creates a workspace and sees it start running', async () => {
      const created = await containers.createWorkspace({ projectId, inactivityTimeout: 30, retentionTimeStopped: 60 });
      workspaceId = created.workspace.id;
      assert.equal(typeof created.workspace.state.code, 'number');
      const running = await pollUntilDone({
        fetch: (signal) => containers.getWorkspace(workspaceId, signal),
        isExecuting: (w) => w.state.code === WORKSPACE_STATES.starting,
        intervalMs: FAST_POLL_MS,
      });
      assert.equal(running.state.code, WORKSPACE_STATES.running);
      const listed = await collect(containers.iterateWorkspaces({ states: [WORKSPACE_STATES.running] }));
      assert.ok(listed.some((w) => w.id === workspaceId));
    });

    it('uploads, lists and downloads a file (base64 paths, UTF-8 names)', async () => {
      const name = 'notes ąę.txt';
      const up = await containers.uploadFile(workspaceId, name, Buffer.from('hello from the client\n'));
      assert.match(up.path, /notes ąę\.txt$/);
      const listing = await containers.listFiles(workspaceId);
      assert.ok(
        listing.files.some((f) => f.name === name),
        JSON.stringify(listing),
      );
      assert.equal((await containers.downloadFile(workspaceId, name)).toString(), 'hello from the client\n');
    });

    it('uploads a file streamed from disk into a subdirectory that exists', async () => {
      const listing = await containers.listFiles(workspaceId);
      const src = path.join(tmp, 'up.txt');
      fs.writeFileSync(src, 'from disk');
      const dir = listing.dirs[0]?.name;
      const target = dir ? `${dir}/up.txt` : 'up.txt';
      await containers.uploadFile(workspaceId, target, { path: src });
      assert.equal((await containers.downloadFile(workspaceId, target)).toString(), 'from disk');
      if (dir) assert.ok((await containers.listFiles(workspaceId, dir)).files.some((f) => f.name === 'up.txt'));
    });

    it('a missing file is a SphereApiError with a file-not-found code', async () => {
      await assert.rejects(containers.downloadFile(workspaceId, 'no/such/file.txt'), (e: unknown) => e instanceof SphereApiError && e.errorCode === 1101);
    });

    it('stops, resumes and removes the workspace', async () => {
      await containers.stopWorkspace(workspaceId);
      const stopped = await pollUntilDone({
        fetch: () => containers.getWorkspace(workspaceId),
        isExecuting: (w) => w.state.code !== WORKSPACE_STATES.stopped,
        intervalMs: FAST_POLL_MS,
      });
      assert.equal(stopped.state.code, WORKSPACE_STATES.stopped);
      await containers.resumeWorkspace(workspaceId);
      await pollUntilDone({ fetch: () => containers.getWorkspace(workspaceId), isExecuting: (w) => w.state.code !== WORKSPACE_STATES.running, intervalMs: FAST_POLL_MS });
      await containers.removeWorkspace(workspaceId);
      const removed = await containers.getWorkspace(workspaceId);
      assert.equal(removed.state.code, WORKSPACE_STATES.removed);
    });

    it('runs a submission and reads its run output stream', async () => {
      const dir = path.join(tmp, 'sub');
      fs.mkdirSync(path.join(dir, 'workspace'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'workspace', 'main.py'), 'print("hello from a submission")\n');
      const archive = path.join(tmp, 'source.tar.gz');
      await tar.create({ gzip: true, file: archive, cwd: dir }, ['workspace']);
      const { id } = await containers.createSubmission({ projectId, scenario: 'run', sourcePath: archive });
      assert.equal(typeof id, 'number');
      const done = await pollUntilDone({ fetch: (s) => containers.getSubmission(id, s), isExecuting: (s) => s.executing, intervalMs: FAST_POLL_MS });
      assert.equal(done.executing, false);
      assert.equal(done.result.status.code, 15, JSON.stringify(done.result));
      const out = await containers.getSubmissionStream(id, 'stage_run_output');
      assert.match(out.toString(), /hello from a submission/);
    });
  });

  describe('problems: problems, test cases, judges, submissions', () => {
    let problemId: number;

    it('lists problems across pages and reads one with its test cases', async () => {
      const all = await collect(problems.iterateProblems({ limit: 1 }));
      assert.ok(all.length >= 1);
      problemId = all[0].id;
      const one = await problems.getProblem(problemId);
      assert.equal(one.id, problemId);
      const cases = await problems.listTestCases(problemId);
      assert.ok(Array.isArray(cases.items));
    });

    it('creates a problem with a test case, reads the case files, then deletes it', async () => {
      const masters = await problems.listJudges({ typeId: 1 });
      const testJudges = await problems.listJudges({ typeId: 0 });
      assert.ok(masters.items.length > 0 && testJudges.items.length > 0);
      const created = await problems.createProblem({ name: 'Client double', body: 'Print twice the input.', typeId: 0, masterjudgeId: masters.items[0].id });
      await problems.updateProblem(created.id, { name: 'Client double v2' });
      const { number } = await problems.createTestCase(created.id, { input: '21\n', output: '42\n', timeLimit: 2, judgeId: testJudges.items[0].id });
      assert.equal((await problems.getTestCase(created.id, number)).number, number);
      assert.equal((await problems.getTestCaseFile(created.id, number, 'input')).toString(), '21\n');
      assert.equal((await problems.getTestCaseFile(created.id, number, 'output')).toString(), '42\n');
      assert.equal((await problems.getProblem(created.id)).name, 'Client double v2');

      const { id } = await problems.createSubmission({ problemId: created.id, compilerId: 116, source: 'print(int(input()) * 2)' });
      const done = await pollUntilDone({ fetch: (s) => problems.getSubmission(id, s), isExecuting: (s) => s.executing, intervalMs: FAST_POLL_MS });
      assert.ok(isAcceptedStatus(done.result.status), JSON.stringify(done.result));
      assert.equal(done.result.testCases.length, 1);
      assert.equal(done.result.testCases[0].number, number);

      await problems.deleteProblem(created.id);
      await assert.rejects(problems.getProblem(created.id), SphereApiError);
    });

    it('reads a judge and its source file', async () => {
      const { items } = await problems.listJudges({ typeId: 0 });
      const judge = await problems.getJudge(items[0].id);
      assert.equal(judge.id, items[0].id);
      assert.ok((await problems.getJudgeFile(judge.id)).length >= 0);
    });
  });
});
