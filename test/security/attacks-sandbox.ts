// Sandbox attacks (issue 26 items 1, 2 and 8): real submitted code, through the Compilers API, that
// tries to get capabilities, remount the system writable, escape with open_by_handle_at, read the
// host (marker, /root, /work, the data directory's token), write beside the marker, fill /tmp and
// the run directory, and reach the network. Each asserts the refusal the program itself can see.
import * as assert from 'node:assert/strict';
import type { Attack, EmulatorUnderAttack, Marker } from './attack';
import { submit, type Finished } from './compilers-submit';

const BASH = 28;
const PYTHON3 = 116;
const STATUS = { runtimeError: 12, accepted: 15 } as const;

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A Bash program whose output is checked by `check`; returns everything it gave back. */
function bashAttack(name: string, script: (emu: EmulatorUnderAttack, marker: Marker) => string, check: (f: Finished, emu: EmulatorUnderAttack) => void, timeLimit = 5): Attack {
  return {
    name,
    async run(emu, marker) {
      const finished = await submit(emu, BASH, script(emu, marker), timeLimit);
      check(finished, emu);
      return finished.texts;
    },
  };
}

const OPEN_BY_HANDLE = (marker: Marker) => `
import ctypes, os, struct
libc = ctypes.CDLL(None, use_errno=True)
# The file system's root directory by handle (ext4: inode 2, generation 0), from the run directory.
handle = ctypes.create_string_buffer(struct.pack('Ii', 8, 1) + struct.pack('II', 2, 0))
mount_fd = os.open('.', os.O_RDONLY)
fd = libc.open_by_handle_at(mount_fd, handle, os.O_RDONLY | os.O_DIRECTORY)
if fd < 0:
    print('open_by_handle_at refused, errno', ctypes.get_errno())
else:
    print('ESCAPED: the host root is open')
    rel = ${JSON.stringify(marker.path.replace(/^\/+/, ''))}
    try:
        f = os.open(rel, os.O_RDONLY, dir_fd=fd); print(os.read(f, 200).decode())
    except OSError as e:
        print('read failed', e)
    try:
        w = os.open(os.path.join(os.path.dirname(rel), 'written-by-handle'), os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(w, b'x'); print('WROTE beside the marker')
    except OSError as e:
        print('write failed', e)
`;

export const attacks: Attack[] = [
  bashAttack(
    'submitted code has no capability, no_new_privs, and is not root (item 1)',
    () => `grep -E '^(CapPrm|CapEff|CapBnd|NoNewPrivs)' /proc/self/status; echo "uid=$(id -u)"`,
    (f) => {
      assert.match(f.output, /CapEff:\s+0000000000000000/, f.output);
      assert.match(f.output, /CapPrm:\s+0000000000000000/, f.output);
      assert.match(f.output, /NoNewPrivs:\s+1/, f.output);
      assert.doesNotMatch(f.output, /^uid=0$/m, f.output);
    },
  ),
  bashAttack(
    'mount -o remount,rw / and a write to /usr fail (item 1)',
    () => `mount -o remount,rw / 2>&1 && echo REMOUNTED; touch /usr/se-attack-$$ 2>&1 && echo WROTE-USR; rm -f /usr/se-attack-$$`,
    (f) => {
      assert.doesNotMatch(f.output, /REMOUNTED|WROTE-USR/, f.output);
    },
  ),
  {
    name: 'open_by_handle_at from Python cannot open the host file system (item 1)',
    async run(emu, marker) {
      const f = await submit(emu, PYTHON3, OPEN_BY_HANDLE(marker));
      assert.doesNotMatch(f.output, /ESCAPED|WROTE/, f.output);
      assert.match(f.output, /open_by_handle_at refused/, f.output);
      return f.texts;
    },
  },
  bashAttack(
    'the marker, /root, /home, /work and the data directory are out of sight (item 2)',
    (emu, marker) => `cat ${q(marker.path)} 2>&1; cat ${q(`${emu.dataDir}/access-token`)} 2>&1; ls ${q(emu.dataDir)} 2>&1
find /root /home /work -maxdepth 2 -type f 2>/dev/null | head -5 | sed 's/^/HOST-FILE: /'
test -e ${q(marker.dir)} && echo MARKER-DIR-VISIBLE; echo end`,
    (f, emu) => {
      assert.ok(!f.output.includes(emu.token), 'the program read the access token');
      assert.doesNotMatch(f.output, /HOST-FILE:|MARKER-DIR-VISIBLE/, f.output);
      assert.match(f.output, /end/);
    },
  ),
  bashAttack(
    'writing the marker and beside it fails, even after trying to remount (item 2)',
    (_emu, marker) => `for m in / /var /var/tmp ${q(marker.dir)}; do mount -o remount,rw,bind "$m" 2>/dev/null; mount -o remount,rw "$m" 2>/dev/null; done
echo overwritten > ${q(marker.path)} 2>/dev/null && echo WROTE-MARKER; touch ${q(`${marker.dir}/new-file`)} 2>/dev/null && echo WROTE-BESIDE; echo end`,
    (f) => {
      assert.doesNotMatch(f.output, /WROTE-MARKER|WROTE-BESIDE/, f.output);
    },
  ),
  bashAttack(
    '200 files of 10 MB in /tmp end as a runtime error, not accepted (item 8)',
    () => `for i in $(seq 200); do head -c 10000000 /dev/zero > /tmp/f$i 2>/dev/null; done; echo done`,
    (f) => assert.equal(f.status, STATUS.runtimeError, `status ${f.status}: ${f.output.slice(0, 300)}`),
    20,
  ),
  bashAttack(
    '200 files of 10 MB in the run directory end as a runtime error, not accepted (item 8)',
    () => `for i in $(seq 200); do head -c 10000000 /dev/zero > f$i 2>/dev/null; done; echo done`,
    (f) => assert.equal(f.status, STATUS.runtimeError, `status ${f.status}: ${f.output.slice(0, 300)}`),
    20,
  ),
  {
    name: 'a folder left unwritable (chmod 500, 000) in the run directory is cleaned up; the emulator goes on (item 9)',
    async run(emu) {
      const f = await submit(emu, BASH, 'mkdir -p a/b c/d && touch a/b/f c/d/g && chmod 500 a && chmod 000 c; echo left');
      assert.equal(f.status, STATUS.accepted, `status ${f.status}: ${f.output}`);
      const next = await submit(emu, BASH, 'echo still-running');
      assert.match(next.output, /still-running/);
      return [...f.texts, ...next.texts];
    },
  },
  bashAttack(
    'the network is unreachable, the emulator itself included',
    (emu) => `(exec 3<>/dev/tcp/127.0.0.1/${new URL(emu.origin).port}) 2>/dev/null && echo CONNECTED; (exec 3<>/dev/tcp/1.1.1.1/53) 2>/dev/null && echo CONNECTED-OUT; echo end`,
    (f) => {
      assert.doesNotMatch(f.output, /CONNECTED/, f.output);
      assert.equal(f.status, STATUS.accepted, f.output);
    },
  ),
];
