// Small helpers for the core tests: temporary trees and reading archives back.
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tar from 'tar';
import { REPO_ROOT } from '../../repo-root';

/** Creates a temporary folder holding `files` (path → content; a trailing '/' makes an empty folder). */
export async function makeTree(files: Record<string, string>): Promise<string> {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'core-test-'));
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    if (rel.endsWith('/')) {
      await fsp.mkdir(abs, { recursive: true });
      continue;
    }
    await fsp.mkdir(path.dirname(abs), { recursive: true });
    await fsp.writeFile(abs, content);
  }
  return root;
}

export async function removeTree(root: string): Promise<void> {
  await fsp.rm(root, { recursive: true, force: true });
}

export interface ArchiveEntry {
  path: string;
  type: string;
  linkpath?: string;
  content?: string;
}

/** Every entry of a tar.gz, in archive order, with text contents of small files. */
export async function readArchive(file: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  await tar.t({
    file,
    onReadEntry: (entry) => {
      const record: ArchiveEntry = { path: entry.path, type: entry.type };
      if (entry.linkpath) record.linkpath = entry.linkpath;
      entries.push(record);
      const chunks: Buffer[] = [];
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => {
        if (entry.type === 'File') record.content = Buffer.concat(chunks).toString('utf8');
      });
    },
  });
  return entries;
}

export const fixturesDir = path.resolve(REPO_ROOT, 'test/unit/core/fixtures');
