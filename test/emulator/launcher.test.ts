// The launcher (emulator/runner/launcher.c): every supervised run is started by one small process,
// not by a fork of the emulator; one that dies fails only its runs in flight, and the next run
// starts a new one.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cSupervisorReady, launcherForTests, overrideLauncherForTests, overridePythonForTests, runProcess, setDefaultSandboxForTests } from '../../emulator/runner';
import { detectSandbox } from '../../emulator/runner/sandbox';
import type { RunSpec } from '../../emulator/runner/types';
import { useScratch } from '../scratch';
import { processesWithMarker } from './processes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('runner launcher (C supervisor)', function () {
  const scratch = useScratch();
  let dir: string;
  before(async function () {
    if (!(await cSupervisorReady())) this.skip();
    overridePythonForTests(undefined);
  });
  afterEach(() => setDefaultSandboxForTests('auto'));
  beforeEach(() => (dir = scratch('se-launcher-')));

  const spec = (command: string[], extra: Partial<RunSpec> = {}): RunSpec => ({
    command,
    cwd: dir,
    stdoutPath: path.join(dir, 'out'),
    stderrPath: path.join(dir, 'err'),
    timeLimitMs: 10_000,
    outputLimitBytes: 1 << 20,
    ...extra,
  });
  const out = () => fs.readFileSync(path.join(dir, 'out'), 'utf8');

  it('starts each run from the launcher, not from a fork of the emulator', async () => {
    setDefaultSandboxForTests('none');
    // The program's parent is the supervisor; the supervisor's parent is whoever started the run.
    const r = await runProcess(spec(['bash', '-c', "awk '/^PPid:/ {print $2}' /proc/$PPID/status"]));
    assert.equal(r.exitCode, 0, fs.readFileSync(path.join(dir, 'err'), 'utf8'));
    const launcher = launcherForTests();
    assert.ok(launcher?.pid, 'a launcher is running');
    assert.equal(Number(out().trim()), launcher.pid);
    assert.notEqual(launcher.pid, process.pid);
  });

  it("reaps every process of a sandboxed run itself, so a run's whole CPU time is in its own (issue 37: benches count it)", async function () {
    if (detectSandbox('auto').kind !== 'bwrap') this.skip();
    // bwrap exits without reaping its pid-namespace init: without the launcher as subreaper that
    // init, with the supervisor's and the program's CPU time, went to the system's init.
    const childrenMs = (pid: number) => {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[13]) + Number(f[14])) * 10; // cutime + cstime, in ticks of 10 ms
    };
    await runProcess(spec(['true']));
    const launcher = launcherForTests()!.pid!;
    const before = childrenMs(launcher);
    const r = await runProcess(spec(['bash', '-c', 'i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done']));
    assert.equal(r.exitCode, 0, fs.readFileSync(path.join(dir, 'err'), 'utf8'));
    assert.ok(r.timeSec >= 0.1, `the program used ${r.timeSec} s of CPU`);
    // The namespace's init may be reaped a moment after the run's answer.
    const wanted = r.timeSec * 1000 - 20;
    for (let i = 0; i < 250 && childrenMs(launcher) - before < wanted; i++) await sleep(20);
    assert.ok(childrenMs(launcher) - before >= wanted, `the launcher's children used ${childrenMs(launcher) - before} ms, the program alone ${r.timeSec * 1000} ms`);
  });

  it('gives stdout and stderr named by one path one open file, as spawn() does', async () => {
    const r = await runProcess(spec(['bash', '-c', 'echo one; echo two >&2; echo three'], { stderrPath: path.join(dir, 'out') }));
    assert.equal(r.exitCode, 0);
    assert.equal(out(), 'one\ntwo\nthree\n');
  });

  it('fails the runs in flight when the launcher dies, leaves none of them running, and starts a new one for the next run', async () => {
    const marker = `se-launcher-marker-${Date.now()}`;
    const running = runProcess(spec(['bash', '-c', `exec -a ${marker} sleep 30`]));
    for (let i = 0; i < 150 && processesWithMarker(marker).length === 0; i++) await sleep(20);
    assert.ok(processesWithMarker(marker).length >= 1, 'the program runs');
    const first = launcherForTests()!;
    first.kill();
    await assert.rejects(running, /launcher exited during the run/);
    for (let i = 0; i < 100 && processesWithMarker(marker).length > 0; i++) await sleep(20);
    assert.deepEqual(processesWithMarker(marker), [], 'the sandbox died with the launcher');
    const again = await runProcess(spec(['bash', '-c', 'echo fine']));
    assert.equal(again.exitCode, 0);
    assert.equal(out(), 'fine\n');
    assert.ok(launcherForTests() && launcherForTests() !== first, 'a new launcher');
  });

  it('runs through spawn() when the launcher cannot run here (it exits before its first run)', async () => {
    overrideLauncherForTests('/bin/false');
    try {
      for (const word of ['first', 'second']) {
        const r = await runProcess(spec(['bash', '-c', `echo ${word}`]));
        assert.equal(r.exitCode, 0);
        assert.equal(out(), `${word}\n`);
      }
      assert.equal(launcherForTests(), undefined, 'no launcher in use');
    } finally {
      overrideLauncherForTests(undefined);
    }
  });
});
