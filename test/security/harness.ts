// The adversarial suite's emulator: the compiled emulator (out/emulator/main.js) in its own process,
// started as root or as an unprivileged user (setpriv to uid/gid 65534 when the suite runs as root,
// as CI does), with a fresh data directory and a marker file planted outside it. The marker lives
// under /var/tmp, not /tmp: a sandbox that hides only the host's /tmp must still be caught.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EmulatorUnderAttack, Marker } from './attack';

const MAIN = path.resolve(__dirname, '..', '..', 'emulator', 'main.js');
const NOBODY = 65534;

export interface RunningEmulator {
  emu: EmulatorUnderAttack;
  marker: Marker;
  /** What the emulator printed (stdout and stderr), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/**
 * Why this user cannot be tested here, or undefined. Unprivileged needs root to switch to 65534
 * (or the suite already runs unprivileged), and the compiled emulator must be readable by it.
 */
export function cannotRunAs(user: EmulatorUnderAttack['user']): string | undefined {
  if (process.platform !== 'linux') return 'the adversarial suite needs Linux';
  if (user === 'root') return isRoot() ? undefined : 'not running as root';
  if (!isRoot()) return undefined; // already an ordinary user
  const probe = spawnSync('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', 'test', '-r', MAIN]);
  if (probe.error) return `setpriv is missing (${probe.error.message})`;
  if (probe.status !== 0) return `uid ${NOBODY} cannot read ${MAIN}: check out the repository where other users can read it`;
  return undefined;
}

/** An empty folder owned by the emulator's user. */
function ownedDir(dir: string, user: EmulatorUnderAttack['user'], mode: number): string {
  fs.mkdirSync(dir, { recursive: true, mode });
  fs.chmodSync(dir, mode);
  if (user === 'unprivileged' && isRoot()) fs.chownSync(dir, NOBODY, NOBODY);
  return dir;
}

export async function startAs(user: EmulatorUnderAttack['user']): Promise<RunningEmulator> {
  const base = fs.mkdtempSync('/var/tmp/se-security-');
  fs.chmodSync(base, 0o755);
  const home = ownedDir(path.join(base, 'home'), user, 0o700);
  // npm test gives the run a private TMPDIR (scripts/tmp-check.js) that uid 65534 cannot enter.
  const tmp = ownedDir(path.join(base, 'tmp'), user, 0o700);
  const dataDir = path.join(base, 'data'); // made by the emulator itself, as it would be
  if (user === 'unprivileged' && isRoot()) ownedDir(base, user, 0o755);
  const markerDir = ownedDir(path.join(base, 'marker'), user, 0o755);
  const marker: Marker = { path: path.join(markerDir, 'secret.txt'), content: `marker-${crypto.randomBytes(12).toString('hex')}`, dir: markerDir };
  fs.writeFileSync(marker.path, `${marker.content}\n`, { mode: 0o644 });
  if (user === 'unprivileged' && isRoot()) fs.chownSync(marker.path, NOBODY, NOBODY);

  // A small queue cap: the queue attack (issue 26 item 10) then needs a handful of POSTs, not a thousand.
  const args = [MAIN, '--port', '0', '--data', dataDir, '--queue-cap', '8'];
  const [cmd, argv] =
    user === 'unprivileged' && isRoot() ? ['setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: home, TMPDIR: tmp }, cwd: base });
  let output = '';
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator (${user}) did not start within 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('EMULATOR_READY '));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('EMULATOR_READY '.length)) as Record<string, unknown>);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the emulator (${user}) exited with ${code}:\n${output}`));
    });
  }).catch(async (err) => {
    await stop(child);
    throw err;
  });
  return {
    emu: { origin: String(ready.origin), token: String(ready.token), readOnlyToken: String(ready.readOnlyToken), dataDir, user },
    marker,
    output: () => output,
    stop: async () => {
      await stop(child);
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The marker's state: what must not change while an attack runs. */
export function markerState(marker: Marker): { content: string; mtimeMs: number; entries: string[] } {
  return {
    content: fs.readFileSync(marker.path, 'utf8'),
    mtimeMs: fs.statSync(marker.path).mtimeMs,
    entries: fs.readdirSync(marker.dir).sort(),
  };
}
