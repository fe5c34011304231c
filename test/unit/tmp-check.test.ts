// scripts/tmp-check.js, which `npm test` runs its steps through: a run that leaves something in the
// temp directory fails and names it; a clean run passes; the private temp folder never stays.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';

const SCRIPT = path.resolve(REPO_ROOT, 'scripts', 'tmp-check.js');

describe('tmp-check (npm test fails when the run leaves temp files)', function () {
  this.timeout(20000);
  let tmp: string;
  let shm: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'se-tmp-check-'));
    shm = fs.mkdtempSync(path.join(os.tmpdir(), 'se-tmp-check-shm-'));
  });
  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(shm, { recursive: true, force: true });
  });

  /** Runs `node -e code` through tmp-check with `tmp` as the outer temp directory and `shm` as its shared memory. */
  const run = (code: string) =>
    spawnSync(process.execPath, [SCRIPT, process.execPath, '-e', code], { env: { ...process.env, TMPDIR: tmp, TMP_CHECK_SHARED_MEMORY: shm }, encoding: 'utf8' });

  it('fails naming what the run left, and removes it', () => {
    const r = run("const fs=require('fs'),os=require('os'),p=require('path');fs.writeFileSync(p.join(fs.mkdtempSync(p.join(os.tmpdir(),'se-emu-')),'x'),'12345')");
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /left 1 entry .* in its temp folder/);
    assert.match(r.stderr, /^ {2}se-emu-\w+ {2}0\.0 MB$/m);
    assert.deepEqual(fs.readdirSync(tmp), [], 'nothing stays behind, not even the private folder');
  });

  it("passes a clean run (Node's compile cache is no leftover) and keeps the command's own failure", () => {
    const clean = run(
      "const fs=require('fs'),os=require('os'),p=require('path');fs.mkdirSync(p.join(os.tmpdir(),'node-compile-cache'));fs.rmSync(fs.mkdtempSync(p.join(os.tmpdir(),'x-')),{recursive:true})",
    );
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
    assert.equal(run('process.exit(3)').status, 3);
    assert.deepEqual(fs.readdirSync(tmp), []);
  });

  it('fails naming a private folder the run left in shared memory whose process is gone, and removes it', () => {
    // As an emulator killed with SIGKILL leaves its /dev/shm folder: <prefix><pid>-<random>, its pid dead.
    const r = run(`require('fs').mkdirSync(require('path').join(${JSON.stringify(shm)}, 'se-scratch-' + process.pid + '-Ab12Cd', 'problems-x'), { recursive: true })`);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`left 1 entry \\(0\\.0 MB\\) in ${shm.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:`));
    assert.match(r.stderr, /^ {2}se-scratch-\d+-Ab12Cd {2}0\.0 MB$/m);
    assert.match(r.stderr, /processes that are gone/);
    assert.deepEqual(fs.readdirSync(shm), []);
  });

  it('leaves shared memory alone: what was there before, folders of live processes, names without a pid', () => {
    fs.mkdirSync(path.join(shm, 'se-scratch-999999999-before'));
    const code = `const fs=require('fs'),p=require('path');fs.mkdirSync(p.join(${JSON.stringify(shm)},'se-sandbox-etc-${process.pid}-Live01'));fs.writeFileSync(p.join(${JSON.stringify(shm)},'sem.other'),'')`;
    const r = run(code);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /left nothing in the temp directory or in /);
    assert.deepEqual(fs.readdirSync(shm).sort(), [`se-sandbox-etc-${process.pid}-Live01`, 'se-scratch-999999999-before', 'sem.other']);
  });

  it('leaves temp entries of other processes alone', () => {
    fs.mkdirSync(path.join(tmp, 'se-emu-other-run'));
    assert.equal(run('').status, 0);
    assert.deepEqual(fs.readdirSync(tmp), ['se-emu-other-run']);
  });
});
