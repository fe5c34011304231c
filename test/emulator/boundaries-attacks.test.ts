// Runs test/security/attacks-boundaries.ts against an in-process emulator (the way harness.ts starts
// one), with a marker planted outside its data directory: the quick loop while working on the
// emulator's links, budgets and cleanup. The full adversarial suite (test/security/attacks.test.ts)
// runs the same attacks against emulator processes started as root and as an unprivileged user.
import * as assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Marker } from '../security/attack';
import { attacks } from '../security/attacks-boundaries';
import { READ_ONLY_TOKEN, TOKEN, startTestEmulator, type TestEmulator } from './harness';

const contains = (got: string | Uint8Array, needle: string) => Buffer.from(got).includes(needle);

describe('emulator boundaries: issue 26 attacks (links, budgets, cleanup)', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  let marker: Marker;
  let base: string;

  before(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'se-boundaries-'));
    const dir = path.join(base, 'marker');
    fs.mkdirSync(dir);
    marker = { path: path.join(dir, 'secret.txt'), content: `marker-${crypto.randomBytes(12).toString('hex')}`, dir };
    fs.writeFileSync(marker.path, `${marker.content}\n`);
    // A small queue cap keeps the flood attack to a few POSTs.
    emu = await startTestEmulator({ queueCapPerToken: 8 });
  });
  after(async () => {
    await emu?.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  for (const attack of attacks) {
    it(attack.name, async () => {
      const before = { content: fs.readFileSync(marker.path, 'utf8'), mtimeMs: fs.statSync(marker.path).mtimeMs, entries: fs.readdirSync(marker.dir) };
      const got = await attack.run(
        { origin: emu.origin, token: TOKEN, readOnlyToken: READ_ONLY_TOKEN, dataDir: emu.dataDir, user: process.getuid?.() === 0 ? 'root' : 'unprivileged' },
        marker,
      );
      for (const item of got) assert.ok(!contains(item, marker.content), 'the attack read the marker');
      assert.equal(fs.readFileSync(marker.path, 'utf8'), before.content, 'the marker was rewritten');
      assert.equal(fs.statSync(marker.path).mtimeMs, before.mtimeMs, 'the marker was touched');
      assert.deepEqual(fs.readdirSync(marker.dir), before.entries, 'a file appeared beside the marker');
    });
  }
});
