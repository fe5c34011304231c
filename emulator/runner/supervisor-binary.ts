// The C supervisor (./supervisor-c.ts), compiled once per emulator process with the system's cc
// into a private folder (mkdtemp: 0700, a random name, so no other local user can plant or swap
// it), removed when the process exits. Sandboxed runs see it read-only at SUPERVISOR_IN_SANDBOX.
// No cc, or a compile that fails: null, and the runner falls back to python3, then to Node.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SUPERVISOR_C } from './supervisor-c';

/** Where a sandboxed run finds the supervisor (bound read-only on the sandbox's read-only root). */
export const SUPERVISOR_IN_SANDBOX = '/.se-supervisor';

let compiled: string | null | undefined;
let override: string | null | undefined;

function compile(): string | null {
  let dir: string;
  try {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-supervisor-'));
  } catch {
    return null;
  }
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const source = path.join(dir, 'supervisor.c');
  const out = path.join(dir, 'supervisor');
  fs.writeFileSync(source, SUPERVISOR_C, { mode: 0o600 });
  // Static where the C library allows it: nothing to load at each start.
  for (const link of [['-static'], []]) {
    const r = spawnSync('cc', ['-O2', ...link, '-o', out, source], { encoding: 'utf8', timeout: 60_000 });
    if (r.status === 0 && fs.existsSync(out)) {
      fs.chmodSync(out, 0o555);
      return out;
    }
  }
  return null;
}

/** The compiled supervisor's path on the host, or null (no C compiler here). Compiles on first use. */
export function cSupervisor(): string | null {
  if (override !== undefined) return override;
  if (compiled === undefined) compiled = compile();
  return compiled;
}

/** Tests only: pretend cc is missing (null) or go back to the compiled one (undefined). */
export function overrideCSupervisorForTests(value: null | undefined): void {
  override = value;
}
