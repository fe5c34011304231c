// The environment each program runs with: the emulator's PATH (toolchains live there; in the
// sandbox only the folders it shows), a writable HOME, UTF-8, then the run's own variables.
// Nothing else of the emulator's environment reaches a program.
import { sandboxPath } from './sandbox-binds';
import { toolchainExecutables } from './toolchains';
import type { RunSpec } from './types';

let insidePath: { host: string; inside: string } | undefined;

/**
 * Minimal environment: PATH of the emulator (toolchains live there; in the sandbox only the folders
 * it shows), a writable HOME, UTF-8.
 */
export function environment(spec: RunSpec, sandboxed = false): Record<string, string> {
  const hostPath = process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin';
  // The toolchains are found once per process: so is the PATH that shows them (a realpath each).
  if (sandboxed && insidePath?.host !== hostPath) insidePath = { host: hostPath, inside: sandboxPath(toolchainExecutables(), hostPath) };
  return {
    PATH: sandboxed ? insidePath!.inside : hostPath,
    HOME: spec.cwd,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TMPDIR: '/tmp',
    ...spec.env,
  };
}
