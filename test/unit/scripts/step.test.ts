// `npm start` says what each long step does and how long so far (issue 40, item 5: minutes of tsc
// and of waiting on another process's install lock without a line), and compiles incrementally.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../../repo-root';

interface StepLib {
  runStep(what: string, command: string, args: string[], options: { log: (line: string) => void; everyMs?: number; note?: string }): Promise<number>;
  sayWhileWaiting(what: string, log: (line: string) => void, everyMs?: number): () => void;
}
const ROOT = REPO_ROOT;
const lib = require(path.join(ROOT, 'scripts', 'lib', 'step.js')) as StepLib;

describe('npm start: long steps say what they do and how long so far', () => {
  it('says the step, "still … (N s so far)" while it runs, and how long it took', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'step-'));
    const go = path.join(dir, 'go');
    const lines: string[] = [];
    // The child runs until the test has seen a "so far" line: no fixed duration.
    const log = (line: string) => {
      lines.push(line);
      if (/so far/.test(line)) fs.writeFileSync(go, '');
    };
    const waitForGo = `const fs = require('fs'); const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(go)})) { clearInterval(t); } }, 20);`;
    try {
      const code = await lib.runStep('compiling TypeScript', process.execPath, ['-e', waitForGo], { log, everyMs: 50, note: 'tsc: only what changed' });
      assert.equal(code, 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.equal(lines[0], 'compiling TypeScript (tsc: only what changed)…');
    assert.match(lines[1], /^still compiling TypeScript \(\d+ s so far\)$/);
    assert.match(lines[lines.length - 1], /^compiling TypeScript: done in \d+\.\d s$/);
  });

  it('says how a failed step ended', async () => {
    const lines: string[] = [];
    assert.equal(await lib.runStep('bundling', process.execPath, ['-e', 'process.exit(3)'], { log: (l) => lines.push(l) }), 3);
    assert.match(lines[lines.length - 1], /^bundling: ended with exit code 3 in /);
  });

  it('compiles incrementally into out/, and says so while waiting on the host-install lock', () => {
    const start = fs.readFileSync(path.join(ROOT, 'scripts', 'start.js'), 'utf8');
    assert.match(start, /require\.resolve\('typescript\/bin\/tsc'\), '-b'\]/, 'tsc -b: only the projects a change reaches');
    assert.match(start, /TS_BUILD_INFO = path\.join\(REPO_ROOT, 'out', '\.tsbuild'\)/);
    assert.doesNotMatch(start, /'--keep-out'|'-p', '\.'/, 'no second way of compiling beside tsc -b');
    const install = fs.readFileSync(path.join(ROOT, 'scripts', 'install-host.js'), 'utf8');
    assert.match(install, /waiting for another process \(pid \$\{owner\}\) to finish installing the host/);
  });
});
