// Paths in the file endpoints: base64 (standard or URL-safe alphabet, padding optional) of UTF-8
// text, relative to /home/user/workspace. A path that leaves the workspace (`..`, an absolute path
// elsewhere) or goes through a symbolic link (wherever it points) is reported as "permission
// denied": the file may exist, but this API may not reach it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UnsafePathError, lookupBeneath } from '../fs-safety/beneath';

export const WORKSPACE_HOME = '/home/user/workspace';

export class PathNotDecodable extends Error {}
export class PathOutsideWorkspace extends Error {}
/** A name (or the whole path) longer than a Linux file system takes; the message is user-facing. */
export class PathTooLong extends Error {}

/** NAME_MAX of the usual Linux file systems: bytes per file or directory name. */
export const NAME_MAX_BYTES = 255;
/** PATH_MAX minus its terminating NUL: bytes of the whole path inside the container. */
export const PATH_MAX_BYTES = 4095;

/** Refuses names the container's file system could not hold, before the host is asked. */
function assertLengths(rel: string): void {
  if (rel.split('/').some((name) => Buffer.byteLength(name) > NAME_MAX_BYTES)) {
    throw new PathTooLong(`file name too long (${NAME_MAX_BYTES} bytes at most)`);
  }
  if (Buffer.byteLength(displayPath(rel)) > PATH_MAX_BYTES) throw new PathTooLong(`file path too long (${PATH_MAX_BYTES} bytes at most)`);
}

/** Decodes a base64 path segment; throws PathNotDecodable for bad base64 or bad UTF-8. */
export function decodeBase64Path(encoded: string): string {
  const s = encoded.trim();
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(s)) throw new PathNotDecodable('path is not base64');
  const unpadded = s.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) throw new PathNotDecodable('path is not base64 (bad length)');
  const standard = unpadded.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Buffer.from(standard, 'base64');
  // Buffer.from ignores garbage silently; re-encoding shows whether every character was used.
  if (bytes.toString('base64').replace(/=+$/, '') !== standard) throw new PathNotDecodable('path is not base64');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new PathNotDecodable('path is not UTF-8 text');
  }
}

/**
 * Turns a user path into a path inside `root` (the workspace folder). Accepts relative paths and
 * absolute ones under /home/user/workspace; `..` is resolved on the text and may not climb above
 * the workspace. Every component is then looked at without following it (fs-safety): a symbolic
 * link or a special file anywhere on the way is refused, wherever it points, since a chain of links
 * such as `t → s/../..` defeats any check of where a link "seems" to point. Returns the host path,
 * the normalized relative path ('' for the root) and what is there (lstat; undefined when missing).
 * Throws PathOutsideWorkspace or PathTooLong.
 */
export function resolveInWorkspace(root: string, userPath: string): { abs: string; rel: string; stat: fs.Stats | undefined; parent: fs.Stats | undefined } {
  if (userPath.includes('\0')) throw new PathOutsideWorkspace('path contains a NUL byte');
  let p = userPath;
  if (p === WORKSPACE_HOME || p.startsWith(`${WORKSPACE_HOME}/`)) p = p.slice(WORKSPACE_HOME.length);
  else if (p.startsWith('/')) throw new PathOutsideWorkspace(`${userPath} is outside ${WORKSPACE_HOME}`);
  const normalized = path.posix.normalize(p.replace(/^\/+/, '') || '.');
  const rel = normalized === '.' || normalized === './' ? '' : normalized.replace(/\/+$/, '');
  if (rel === '..' || rel.startsWith('../')) throw new PathOutsideWorkspace(`${userPath} is outside ${WORKSPACE_HOME}`);
  assertLengths(rel);
  try {
    const found = lookupBeneath(root, rel);
    return { abs: found.abs, rel, stat: found.stat, parent: found.parent };
  } catch (err) {
    if (err instanceof UnsafePathError) throw new PathOutsideWorkspace(err.why);
    if ((err as NodeJS.ErrnoException).code === 'ENAMETOOLONG') throw new PathTooLong(`file path too long for the emulator's data folder`);
    throw err;
  }
}

export function displayPath(rel: string): string {
  return rel === '' ? WORKSPACE_HOME : `${WORKSPACE_HOME}/${rel}`;
}
