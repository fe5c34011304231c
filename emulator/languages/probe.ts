// Small helpers to find tools on this machine and read their versions, once at start.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The absolute path of a command on PATH, or null. */
export function which(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** stdout+stderr of a quick command, or null when it fails to start or exits non-zero. */
export function probe(command: string, args: string[], env?: Record<string, string>): string | null {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 15000, env: { ...process.env, ...env } });
  if (r.error || r.status !== 0) return null;
  return `${r.stdout ?? ''}${r.stderr ?? ''}`;
}

/** The first x.y[.z] number in a text. */
export function versionIn(text: string | null): string | null {
  const m = /(\d+\.\d+(?:\.\d+)?)/.exec(text ?? '');
  return m ? m[1] : null;
}
