// A saturated machine for the tests that judge beside other work: bounded CPU hogs and a test
// emulator for a whole describe(). Each hog is a Node process spinning until its own deadline, so
// it ends by itself even when mocha is killed; after() kills every one left (also when a test
// failed). Each hog starts in a session of its own (detached): with the kernel's autogroup
// scheduling every session is one group, so hogs sharing mocha's session would together get no
// more CPU than one sandboxed run (bwrap --new-session), and would barely slow it down.
import { spawn, type ChildProcess } from 'node:child_process';
import * as os from 'node:os';
import { startTestEmulator, type TestEmulator } from './harness';

/** Starts `perCore` hogs per core, each ending by itself after `lifetimeMs`; the result stops them all. */
function startCpuHogs(perCore: number, lifetimeMs: number): () => void {
  const script = `const end = Date.now() + ${lifetimeMs}; let x = 0; while (Date.now() < end) x++;`;
  const hogs: ChildProcess[] = [];
  const stop = () => {
    for (const hog of hogs.splice(0)) hog.kill('SIGKILL');
    process.removeListener('exit', stop);
  };
  process.once('exit', stop);
  for (let i = 0; i < perCore * os.availableParallelism(); i++) hogs.push(spawn(process.execPath, ['-e', script], { stdio: 'ignore', detached: true }));
  return stop;
}

/**
 * Call in a describe(): `perCore` CPU hogs per core and an emulator from before() to after(), and
 * the suite's timeout set to the hogs' lifetime. `machine.emu` is the emulator once before() ran.
 */
export function useSaturatedEmulator(suite: Mocha.Suite, perCore: number, lifetimeMs: number): { emu: TestEmulator } {
  suite.timeout(lifetimeMs);
  const machine = {} as { emu: TestEmulator };
  let stopHogs: (() => void) | undefined;
  before(async () => {
    stopHogs = startCpuHogs(perCore, lifetimeMs);
    machine.emu = await startTestEmulator();
  });
  after(async () => {
    stopHogs?.();
    await machine.emu?.close();
  });
  return machine;
}
