// Where runs' work folders go (emulator/runner/run-scratch.ts, issue 37): in a private folder on a
// tmpfs when the machine has one, else in the data directory; either way a judged submission's
// output still reaches its stream, and the folder goes when the emulator closes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runScratchFolder } from '../../emulator/runner';
import { makePrivateFolder } from '../../emulator/runner/private-folder';
import { sleep, startTestEmulator, submitAndWait } from './harness';

const TMPFS_MAGIC = 0x01021994;
const BASH = 28;
const onTmpfs = (p: string) => fs.statfsSync(p).type === TMPFS_MAGIC;
const shmIsTmpfs = (() => {
  try {
    return onTmpfs('/dev/shm');
  } catch {
    return false;
  }
})();

/** The file system type of the run directory, as the program sees it, from a judged submission's output. */
async function runDirFileSystem(options: { workOnDisk?: boolean } = {}): Promise<string> {
  const emu = await startTestEmulator(options);
  try {
    // ECHO expects its input back: printing the type instead is a wrong answer whose output is kept.
    const sub = await submitAndWait(emu, 'problems', { problemId: 'ECHO', compilerId: BASH, source: 'stat -f -c %T .\n' });
    assert.equal(sub.result.status.code, 14, JSON.stringify(sub.result));
    return (await (await fetch(sub.result.streams.output.uri)).text()).trim();
  } finally {
    await emu.close();
  }
}

describe('run work folders (emulator/runner/run-scratch.ts)', function () {
  this.timeout(120_000);

  it('a run directory is on a tmpfs when /dev/shm is one, and its output still reaches the stream', async function () {
    if (!shmIsTmpfs) this.skip();
    assert.equal(await runDirFileSystem(), 'tmpfs', 'the run directory the program writes in is on the tmpfs');
  });

  it('with --work-on-disk, the work folders are in the data directory, as where there is no tmpfs', async function () {
    const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'se-probe-'));
    const dataOnTmpfs = onTmpfs(probe);
    fs.rmSync(probe, { recursive: true });
    if (dataOnTmpfs) this.skip(); // the data directory itself is on a tmpfs: nothing to tell apart
    assert.notEqual(await runDirFileSystem({ workOnDisk: true }), 'tmpfs');
  });

  it('gives each caller a private, empty folder of its own inside the process folder', function () {
    if (!shmIsTmpfs) this.skip();
    const inData = fs.mkdtempSync(path.join(os.tmpdir(), 'se-data-'));
    try {
      fs.writeFileSync(path.join(inData, 'left-by-an-earlier-emulator'), 'x');
      const a = runScratchFolder(inData, 'problems');
      const b = runScratchFolder(inData, 'problems');
      assert.notEqual(a, b);
      for (const f of [a, b]) {
        assert.match(f, new RegExp(`^/dev/shm/se-scratch-${process.pid}-[^/]+/problems-`));
        assert.equal(fs.statSync(f).mode & 0o777, 0o700);
        assert.equal(fs.statSync(path.dirname(f)).mode & 0o777, 0o700);
        assert.deepEqual(fs.readdirSync(f), []);
      }
    } finally {
      fs.rmSync(inData, { recursive: true, force: true });
    }
  });

  it('a folder of a process that is gone is removed, even one a run left closed (chmod 000)', async function () {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'se-orphans-'));
    try {
      // A pid no process has: above the kernel's pid_max.
      const dead = path.join(base, 'se-test-4194305-abcdef');
      fs.mkdirSync(path.join(dead, 'run', 'locked'), { recursive: true });
      fs.writeFileSync(path.join(dead, 'run', 'locked', 'f'), 'x');
      fs.chmodSync(path.join(dead, 'run', 'locked'), 0o000);
      const mine = makePrivateFolder('se-test-', base);
      assert.ok(mine && fs.existsSync(mine));
      // At once as root; otherwise opened up and removed in the background.
      for (let i = 0; i < 200 && fs.existsSync(dead); i++) await sleep(25);
      assert.equal(fs.existsSync(dead), false, 'the dead process folder is gone');
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
