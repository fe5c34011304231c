// The data directory holds the access tokens and every submission: private to the emulator's user
// (0700), so another local user can neither read a token nor list what was submitted. A directory
// made earlier with a wider mode is narrowed at start.
import * as fs from 'node:fs';

export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const st = fs.statSync(dir);
  if ((st.mode & 0o077) !== 0) fs.chmodSync(dir, st.mode & 0o700);
}
