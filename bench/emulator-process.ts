// A private emulator in a child process for the benches: the compiled out/emulator/main.js on a
// free port with a fresh data directory. A separate process, so the bench's own polling does not
// share an event loop with the emulator it measures.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';

const MODULE_API = { containers: '/containers/api/v1', compilers: '/compilers/api/v4', problems: '/problems/api/v4' } as const;
const READY_TIMEOUT_MS = 30_000;

export interface EmulatorProcess {
  origin: string;
  pid: number;
  /** The start token (the emulator's write token; also opens the test hooks when started with them). */
  token: string;
  /** A module's endpoint, as a client is configured with it (`<origin>/compilers`). */
  endpoint(module: keyof typeof MODULE_API): string;
  /** Full URL of an API path with the access token added. */
  api(module: keyof typeof MODULE_API, p: string): string;
  stop(): Promise<void>;
}

/** `fresh: false` keeps what the data directory holds (a bench that seeded it first). */
export async function startEmulatorProcess(repoRoot: string, dataDir: string, extraArgs: string[] = [], { fresh = true } = {}): Promise<EmulatorProcess> {
  // BENCH_EMULATOR_MAIN: another build's out/emulator/main.js, to measure an older emulator with
  // this bench (a before/after comparison under the same load).
  const main = process.env.BENCH_EMULATOR_MAIN || path.join(repoRoot, 'out', 'emulator', 'main.js');
  // --poll-min-ms is left out: polling protection stays off.
  // BENCH_EMULATOR_NODE_ARGS: Node options for the emulator alone (`--cpu-prof --cpu-prof-dir=DIR`
  // to see where its CPU goes; NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_EMULATOR_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, main, '--port', '0', '--data', dataDir, ...(fresh ? ['--fresh'] : []), ...extraArgs], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));

  const ready = await new Promise<{ origin: string; token: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator not ready after ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^EMULATOR_READY (\{.*\})$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(JSON.parse(m[1]) as { origin: string; token: string });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code} before it was ready: ${stderr.trim()}`));
    });
  }).catch((err: Error) => {
    child.kill('SIGKILL');
    throw err;
  });

  return {
    origin: ready.origin,
    pid: child.pid!,
    token: ready.token,
    endpoint: (module) => `${ready.origin}/${module}`,
    api(module, p) {
      const u = new URL(ready.origin + MODULE_API[module] + p);
      u.searchParams.set('access_token', ready.token);
      return u.toString();
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}
