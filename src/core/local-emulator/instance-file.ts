// The running local emulator, as every window of this VS Code sees it: one small JSON file in the
// extension's global storage (shared by all windows), written once the emulator is ready and
// removed when it stops. A second window that finds it reuses that emulator instead of starting
// another (which the emulator's own data-directory lock would refuse anyway), once the pid is
// proven to be this user's emulator (process-owner.ts) and the origin proven to know the data
// directory's token without being sent it (challenge.ts). No token in this file: it stays in the
// data directory's private access-token file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type EmulatorReady, INSTANCE_FILE, TOKEN_FILE } from '../../../contract/local-emulator';

export { INSTANCE_FILE };
export { processAlive } from '../../../contract/local-emulator';

export type InstanceInfo = Omit<EmulatorReady, 'token'> & { pid: number; dataDir: string };

export function writeInstance(storageDir: string, info: InstanceInfo): void {
  const file = path.join(storageDir, INSTANCE_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(info), { mode: 0o600 });
  fs.renameSync(temp, file);
}

export function readInstance(storageDir: string): InstanceInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(storageDir, INSTANCE_FILE), 'utf8')) as InstanceInfo;
    return Number.isInteger(info.pid) && typeof info.origin === 'string' && typeof info.dataDir === 'string' ? info : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the file, only if it still describes `pid` (another window may have started a new one). */
export function removeInstance(storageDir: string, pid: number): void {
  if (readInstance(storageDir)?.pid === pid) fs.rmSync(path.join(storageDir, INSTANCE_FILE), { force: true });
}

export function readDataDirToken(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, TOKEN_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
