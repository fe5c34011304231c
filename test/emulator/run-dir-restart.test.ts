// A run cut short by the emulator's stop leaves its run directory behind; the next start removes
// it, however deep and whatever its modes (issue 36 item 1: a chain deeper than PATH_MAX once
// stayed for ever, through every later run and restart).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { json, startTestEmulator } from './harness';
import { closedFolders, deepChainScript, removeAnyTree } from './deep-chain';
import { PROJECTS, submit, workspaceArchive } from './containers-support';

const BASH = 28;

/** Polls a condition (never a fixed sleep) until it holds or `ms` pass. */
async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('run directories across a restart (issue 36)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-run-dir-restart-'));
  });
  afterEach(() => removeAnyTree(dataDir));

  it('a start removes what an interrupted run left: a chain deeper than PATH_MAX with modes 000', async function () {
    this.timeout(120_000);
    // Work folders in the data directory, as where no tmpfs is (on one, they go with the process:
    // ./run-scratch.test.ts removes a dead process's folder, modes 000 inside).
    const source = `${deepChainScript({ levels: 25, files: 4, fileBytes: 1 << 20 })}\ntouch chain-made\nsleep 60`;
    let emu = await startTestEmulator({ dataDir, workOnDisk: true });
    let work = '';
    try {
      const res = await fetch(emu.url('compilers', '/submissions'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ compilerId: BASH, source, timeLimit: 60 }),
      });
      const created = await json(res);
      assert.equal(res.status, 201, JSON.stringify(created));
      work = path.join(dataDir, 'compilers', 'runs', String(created.id));
      await until('the program made its chain', () => fs.existsSync(path.join(work, 'chain-made')), 60_000);
    } finally {
      await emu.close();
    }
    assert.ok(closedFolders(work) >= 5, 'the stopped run left its chain, modes 000 on the way');

    emu = await startTestEmulator({ dataDir, workOnDisk: true });
    try {
      await until('the leftover run directory is removed', () => !fs.existsSync(work), 60_000);
    } finally {
      await emu.close();
    }
  });
  it('a start removes what an interrupted Containers run left, likewise', async function () {
    this.timeout(120_000);
    const program = `import os, time
top = os.getcwd()
name = 'd' * 200
for i in range(25):
    os.mkdir(name)
    os.chdir(name)
for i in range(4):
    with open('f%d' % i, 'wb') as f: f.write(bytes(1 << 20))
for i in range(25):
    os.chdir('..')
    if (i + 1) % 5 == 0: os.chmod(name, 0)
open(os.path.join(top, 'chain-made'), 'w').close()
time.sleep(60)
`;
    let emu = await startTestEmulator({ dataDir });
    let runDir = '';
    let top = '';
    try {
      const created = await json(await submit(emu, PROJECTS.python, workspaceArchive({ 'main.py': program })));
      runDir = path.join(dataDir, 'containers', 'submissions', String(created.id), 'run');
      const made = () => [runDir, path.join(runDir, 'workspace')].find((d) => fs.existsSync(path.join(d, 'chain-made')));
      await until('the program made its chain', () => made() !== undefined, 90_000);
      top = made()!;
    } finally {
      await emu.close();
    }
    assert.ok(closedFolders(top) >= 5, 'the stopped run left its chain, modes 000 on the way');

    emu = await startTestEmulator({ dataDir });
    try {
      await until('the leftover run directory is removed', () => !fs.existsSync(runDir), 60_000);
    } finally {
      await emu.close();
    }
  });
});
