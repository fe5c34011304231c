// The adversarial suite (issue 26): every attack of every test/security/attacks-*.ts module, against
// one emulator started as root and one started as an unprivileged user. After each attack, the
// marker planted outside the data directory must be unread (its content in nothing the attack got
// back) and unwritten (same content and mtime, nothing new beside it). A new attacks-*.ts module
// joins by existing: its compiled file is found here by name.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Attack, EmulatorUnderAttack } from './attack';
import { cannotRunAs, markerState, startAs, type RunningEmulator } from './harness';

const modules = fs
  .readdirSync(__dirname)
  .filter((f) => /^attacks-.+\.js$/.test(f))
  .sort()
  .map((f) => ({ name: f.replace(/\.js$/, ''), attacks: (require(path.join(__dirname, f)) as { attacks: Attack[] }).attacks }));

const contains = (got: string | Uint8Array, needle: string) =>
  typeof got === 'string' ? got.includes(needle) : Buffer.from(got.buffer, got.byteOffset, got.byteLength).includes(needle);

for (const user of ['root', 'unprivileged'] as EmulatorUnderAttack['user'][]) {
  describe(`security: attacks on an emulator started as ${user}`, function () {
    let running: RunningEmulator | undefined;
    before(async function () {
      const why = cannotRunAs(user);
      if (why) {
        console.warn(`    skipped (${user}): ${why}`);
        this.skip();
      }
      this.timeout(90_000);
      running = await startAs(user);
    });
    after(async () => running?.stop());

    for (const mod of modules) {
      describe(mod.name, () => {
        for (const attack of mod.attacks) {
          it(attack.name, async function () {
            const { emu, marker } = running!;
            const before = markerState(marker);
            let got: Array<string | Uint8Array> = [];
            try {
              got = await attack.run(emu, marker);
            } catch (err) {
              (err as Error).message += `\n--- emulator output ---\n${running!.output().slice(-2000)}`;
              throw err;
            }
            for (const item of got) assert.ok(!contains(item, marker.content), `the attack read the marker ${marker.path}`);
            const after = markerState(marker);
            assert.equal(after.content, before.content, 'the marker was rewritten');
            assert.equal(after.mtimeMs, before.mtimeMs, 'the marker was touched');
            assert.deepEqual(after.entries, before.entries, 'a file appeared beside the marker');
          });
        }
      });
    }
  });
}
