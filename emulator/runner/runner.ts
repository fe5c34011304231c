// The runner of an emulator: initRunner(ctx) detects the sandbox once per emulator and stops its
// running programs when it closes (shutdown waits briefly until each is cleaned up); runProcess
// runs with the sandbox auto-detected, for tests and benches.
import * as path from 'node:path';
import type { EmulatorContext, SandboxMode } from '../context';
import type { Runner, RunnerConfig, RunResult, RunSpec } from './types';
import { detectSandbox } from './sandbox';
import { startCompilingCSupervisor } from './supervisor-binary';
import { runWith } from './run-one';

/** How long emulator shutdown waits for running programs to be stopped and reaped. */
const CLOSE_WAIT_MS = 3000;

let defaults: RunnerConfig | undefined;
function defaultConfig(): RunnerConfig {
  defaults ??= { sandbox: detectSandbox('auto'), hiddenPaths: [] };
  return defaults;
}

/** Tests only: run runProcess() with a chosen sandbox mode ('auto' restores detection). */
export function setDefaultSandboxForTests(mode: SandboxMode): void {
  defaults = { sandbox: detectSandbox(mode), hiddenPaths: [] };
}

const runners = new WeakMap<EmulatorContext, Runner>();

/**
 * Once per emulator: detect the sandbox for ctx.options.sandbox, set ctx.sandbox, and
 * kill this emulator's running programs when it closes. Every module may call it; it is idempotent.
 */
export function initRunner(ctx: EmulatorContext): Runner {
  const existing = runners.get(ctx);
  if (existing) return existing;
  const config: RunnerConfig = {
    sandbox: detectSandbox(ctx.options.sandbox as SandboxMode),
    hiddenPaths: [path.resolve(ctx.options.dataDir)],
  };
  ctx.sandbox = config.sandbox;
  startCompilingCSupervisor();
  const closing = new AbortController();
  const active = new Set<Promise<RunResult>>();
  // On shutdown: stop every run of this emulator and wait (briefly) until each is cleaned up.
  ctx.onClose(async () => {
    closing.abort();
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    await Promise.race([Promise.allSettled([...active]), patience]);
    clearTimeout(timer);
  });
  const runner: Runner = {
    sandbox: config.sandbox,
    run: (spec) => {
      const run = runWith(config, { ...spec, signal: spec.signal ? AbortSignal.any([spec.signal, closing.signal]) : closing.signal });
      active.add(run);
      const forget = () => active.delete(run);
      run.then(forget, forget);
      // A run stopped by shutdown never answers, as if the emulator had died: modules do not
      // record a verdict for it, and their restart recovery sees it as interrupted.
      return new Promise<RunResult>((resolve, reject) => {
        run.then(
          (result) => !closing.signal.aborted && resolve(result),
          (err) => !closing.signal.aborted && reject(err),
        );
      });
    },
  };
  runners.set(ctx, runner);
  return runner;
}

/** Run with the default configuration (sandbox auto-detected). Modules prefer initRunner(ctx).run. */
export function runProcess(spec: RunSpec): Promise<RunResult> {
  return runWith(defaultConfig(), spec);
}
