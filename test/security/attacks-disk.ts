// Disk attacks (issue 36 item 1): a run's writable space must be bounded by something the program
// cannot walk around. Two ways round the old budget, which walked the run directory by path:
// a chain of folders deeper than PATH_MAX with big files at its bottom (never counted, and never
// removed: the cleanup walked by path too), and files opened, unlinked, then filled with
// posix_fallocate (held space no walk of the folder sees). Each must end as a runtime error, and
// the data directory's disk use must come back to where it was once the run is over.
// Sizes: 32 × 12 MB = 384 MB against the 256 MB budget, allocated (fallocate), not written: quick;
// each file stays below the 16 MiB output limit (RLIMIT_FSIZE), which would stop it for another reason.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type { Attack, EmulatorUnderAttack } from './attack';
import { submit, type Finished } from './compilers-submit';
import { heldFilesProgram } from '../emulator/deep-chain';

const BASH = 28;
const PYTHON3 = 116;
const RUNTIME_ERROR = 12;
/** What a finished submission may add to the data directory: its streams and records. */
const SLACK_BYTES = 16 * 1024 * 1024;

/** Allocated bytes under the data directory (GNU du walks by descriptor: depth does not hide anything). */
function dataDirBytes(emu: EmulatorUnderAttack): number {
  const du = spawnSync('du', ['-s', '-x', '--block-size=1', emu.dataDir], { encoding: 'utf8' });
  return Number(du.stdout.split(/\s/)[0]);
}

/** Waits (no fixed sleep: polls a condition) until the data directory is back within the slack. */
async function diskBack(emu: EmulatorUnderAttack, before: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  let now = dataDirBytes(emu);
  while (now > before + SLACK_BYTES && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    now = dataDirBytes(emu);
  }
  assert.ok(now <= before + SLACK_BYTES, `the data directory grew by ${((now - before) / 1e6).toFixed(1)} MB and stayed so`);
}

function diskAttack(name: string, compilerId: number, source: string, check: (f: Finished) => void): Attack {
  return {
    name,
    async run(emu) {
      const before = dataDirBytes(emu);
      const finished = await submit(emu, compilerId, source, 10);
      assert.equal(finished.status, RUNTIME_ERROR, `status ${finished.status}: ${finished.output.slice(0, 300)}`);
      check(finished);
      await diskBack(emu, before);
      return finished.texts;
    },
  };
}

const DEEP_CHAIN = `
name=$(printf 'd%.0s' $(seq 200))
for i in $(seq 25); do mkdir "$name" && cd "$name" || exit 3; done
echo "bottom: $(pwd | wc -c) bytes of path"
for i in $(seq 32); do fallocate -l 12M "f$i" || head -c 12000000 /dev/zero > "f$i"; done
chmod 000 . 2>/dev/null
echo filled; sleep 5; echo SURVIVED`;

const UNLINKED = heldFilesProgram(5);

export const attacks: Attack[] = [
  diskAttack('a chain of folders deeper than PATH_MAX with 384 MB at its bottom ends as a runtime error, and the disk comes back (issue 36)', BASH, DEEP_CHAIN, (f) => {
    assert.match(f.output, /bottom: \d{4,} bytes/, f.output);
    assert.doesNotMatch(f.output, /SURVIVED/, f.output);
  }),
  diskAttack('128 files opened, unlinked and filled with posix_fallocate end as a runtime error, and the disk comes back (issue 36)', PYTHON3, UNLINKED, (f) => {
    assert.doesNotMatch(f.output, /SURVIVED/, f.output);
  }),
];
