// What the folder last saw on the service: the problem's lastModified stamps and the SHA-256 of
// every test file and judge source. While the stamps on the service are unchanged, push trusts
// these hashes instead of downloading test data to compare. A cache: deleting it only makes the
// next push download what it needs to compare.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { STATE_DIR, STATE_FILE } from './format';
import { assertWritable } from './inside';
import { safeMkdir, safeWriteFile } from '../safe-write';

export interface TestHashes {
  input: string;
  output: string;
}

export interface SyncState {
  problemId: number;
  lastModified: { body: number; settings: number } | null;
  tests: Record<string, TestHashes>;
}

export function readSyncState(dir: string): SyncState | undefined {
  try {
    const s = JSON.parse(fs.readFileSync(path.join(dir, STATE_DIR, STATE_FILE), 'utf8')) as SyncState;
    return typeof s.problemId === 'number' && s.tests && typeof s.tests === 'object' ? s : undefined;
  } catch {
    return undefined;
  }
}

export function writeSyncState(dir: string, state: SyncState): void {
  const stateDir = assertWritable(dir, STATE_DIR, 'The sync cache folder');
  safeMkdir(dir, stateDir);
  assertWritable(dir, `${STATE_DIR}/.gitignore`, 'The sync cache');
  assertWritable(dir, `${STATE_DIR}/${STATE_FILE}`, 'The sync cache');
  // Kept out of git by its own .gitignore: it describes the service, not the problem.
  safeWriteFile(dir, path.join(stateDir, '.gitignore'), '*\n');
  const tests = Object.fromEntries(
    Object.keys(state.tests)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => [k, state.tests[k]]),
  );
  safeWriteFile(dir, path.join(stateDir, STATE_FILE), `${JSON.stringify({ ...state, tests }, null, 2)}\n`);
}

/** SHA-256 of a file, read as a stream. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const hashBytes = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
