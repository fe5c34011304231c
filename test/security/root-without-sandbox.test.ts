// A root emulator whose sandbox cannot work (here: bwrap not on PATH) refuses to start, saying why
// and what to do, unless asked for no sandbox in so many words (--sandbox none).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const MAIN = path.resolve(__dirname, '..', '..', 'emulator', 'main.js');

describe('security: root without a working sandbox', function () {
  before(function () {
    if (process.getuid?.() !== 0) this.skip();
  });

  it('refuses to start with --sandbox auto, naming bubblewrap and --sandbox none', () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'se-refuse-'));
    try {
      const run = spawnSync(process.execPath, [MAIN, '--port', '0', '--data', data], {
        env: { ...process.env, PATH: path.join(data, 'no-tools') },
        encoding: 'utf8',
        timeout: 30_000,
      });
      assert.equal(run.status, 1, run.stdout + run.stderr);
      assert.doesNotMatch(run.stdout, /EMULATOR_READY/);
      assert.match(run.stderr, /Refusing to start: running as root/);
      assert.match(run.stderr, /bubblewrap not installed/);
      assert.match(run.stderr, /--sandbox none/);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});
