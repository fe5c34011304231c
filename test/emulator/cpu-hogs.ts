// Bounded CPU hogs for the tests that judge on a saturated machine. Each hog is a Node process
// spinning until its own deadline, so it ends by itself even when mocha is killed; stop() kills
// every one left (call it in after(), so it runs when a test failed too).
import { spawn, type ChildProcess } from 'node:child_process';
import * as os from 'node:os';

export interface CpuHogs {
  /** Kills every hog still running; safe to call twice. */
  stop(): void;
}

/** Starts `perCore` hogs per core, each ending by itself after `lifetimeMs`. */
export function startCpuHogs(perCore: number, lifetimeMs: number): CpuHogs {
  const script = `const end = Date.now() + ${lifetimeMs}; let x = 0; while (Date.now() < end) x++;`;
  const hogs: ChildProcess[] = [];
  const stop = () => {
    for (const hog of hogs.splice(0)) hog.kill('SIGKILL');
    process.removeListener('exit', stop);
  };
  process.once('exit', stop);
  for (let i = 0; i < perCore * os.availableParallelism(); i++) hogs.push(spawn(process.execPath, ['-e', script], { stdio: 'ignore', detached: true }));
  return { stop };
}
