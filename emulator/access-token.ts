// The emulator's own access token: random, made once per data directory and kept in it, readable
// only by the user (0600). A well-known default token would let anything that can reach loopback
// run code here; a token per data directory survives restarts, so a signed-in extension stays
// signed in, and `--fresh` (which deletes the directory) makes a new one. Beside it, the same way,
// a read-only token (READ_ONLY_TOKEN_FILE): it may read everything and submit, but every call that
// manages content is refused with 403 (emulator/http/read-only.ts), as a token without write access.
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makePrivateDir } from './data-dir';

import { READ_ONLY_TOKEN_FILE, TOKEN_FILE } from '../contract/local-emulator';

export { READ_ONLY_TOKEN_FILE, TOKEN_FILE };

export interface DataDirToken {
  token: string;
  file: string;
  /** True when this start made the token (a new data directory, or one from before tokens were kept). */
  created: boolean;
}

export function dataDirToken(dataDir: string, name = TOKEN_FILE): DataDirToken {
  const file = path.join(dataDir, name);
  const existing = readToken(file);
  if (existing) {
    // A copy or an unpacked backup may have lost the mode: keep the file private.
    if (process.platform !== 'win32' && (fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    return { token: existing, file, created: false };
  }
  makePrivateDir(dataDir);
  const token = crypto.randomBytes(24).toString('base64url');
  // Written to a private temp file and renamed, so a crash never leaves a half-written token.
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${token}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
  return { token, file, created: true };
}

function readToken(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
