// The emulator as users start it: `node out/emulator/main.js` in a child process, ready once it
// prints its EMULATOR_READY line (used by the load run and the start-up tests).
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface EmulatorProcess {
  origin: string;
  endpoints: { containers: string; compilers: string; problems: string };
  token: string;
  /** The token without write access (a data directory's own unless --read-only-token was given). */
  readOnlyToken: string;
  sandboxed: boolean;
  warning?: string;
  /** Everything it printed before the ready line. */
  banner: string;
  child: ChildProcess;
}

const MAIN = path.resolve(__dirname, '..', '..', 'emulator', 'main.js');

/** Starts it on a free loopback port with `args` (a `--data` folder is the caller's to give and remove). */
export async function startEmulatorProcess(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, [MAIN, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  const ready = await new Promise<Omit<EmulatorProcess, 'child' | 'banner'>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the emulator did not start within 30 s')), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('EMULATOR_READY '));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('EMULATOR_READY '.length)));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the emulator exited with ${code}: ${output}`));
    });
  }).catch(async (err) => {
    await stopEmulatorProcess({ child });
    throw err;
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return { ...ready, banner: output.split('EMULATOR_READY')[0], child };
}

export async function stopEmulatorProcess(emu: { child: ChildProcess }): Promise<void> {
  if (emu.child.exitCode !== null || emu.child.signalCode !== null) return;
  const exited = new Promise((r) => emu.child.once('exit', r));
  emu.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (emu.child.exitCode === null) emu.child.kill('SIGKILL');
}

/** Whether `fs` says the data directory's file is private to the user. */
export const isPrivate = (file: string) => (fs.statSync(file).mode & 0o077) === 0;
