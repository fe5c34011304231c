// Paths in the file endpoints: base64 (standard or URL-safe alphabet, padding optional) of UTF-8
// text, relative to /home/user/workspace. A path that leaves the workspace (`..`, an absolute path
// elsewhere, or a symlink whose target is outside) is reported as "permission denied": the file may
// exist, but this API may not reach it.
import * as fs from 'node:fs';
import * as path from 'node:path';

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

/**
 * fs.statSync for a resolved path: undefined when nothing is there (also when a part of the path
 * is a file), PathTooLong when the host's own limit is hit (its folder prefix is longer than
 * /home/user/workspace). Other errors propagate.
 */
export function statInWorkspace(abs: string): fs.Stats | undefined {
  try {
    return fs.statSync(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (code === 'ENAMETOOLONG') throw new PathTooLong(`file path too long for the emulator's data folder`);
    throw err;
  }
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
 * absolute ones under /home/user/workspace. Returns the absolute host path and the normalized
 * relative path ('' for the root). Throws PathOutsideWorkspace or PathTooLong.
 */
export function resolveInWorkspace(root: string, userPath: string): { abs: string; rel: string } {
  if (userPath.includes('\0')) throw new PathOutsideWorkspace('path contains a NUL byte');
  let p = userPath;
  if (p === WORKSPACE_HOME || p.startsWith(`${WORKSPACE_HOME}/`)) p = p.slice(WORKSPACE_HOME.length);
  else if (p.startsWith('/')) throw new PathOutsideWorkspace(`${userPath} is outside ${WORKSPACE_HOME}`);
  const normalized = path.posix.normalize(p.replace(/^\/+/, '') || '.');
  const rel = normalized === '.' || normalized === './' ? '' : normalized.replace(/\/+$/, '');
  if (rel === '..' || rel.startsWith('../')) throw new PathOutsideWorkspace(`${userPath} is outside ${WORKSPACE_HOME}`);
  assertLengths(rel);
  const abs = rel === '' ? root : path.join(root, rel);
  assertNoEscapeThroughLinks(root, abs);
  return { abs, rel };
}

/** The deepest existing ancestor (or the path itself) must really lie inside the workspace. */
function assertNoEscapeThroughLinks(root: string, abs: string): void {
  const realRoot = fs.realpathSync(root);
  let probe = abs;
  for (;;) {
    let real: string | undefined;
    try {
      real = fs.realpathSync(probe);
    } catch {
      // A dangling symlink counts as an escape only if it points outside; readlink tells.
      try {
        const target = fs.readlinkSync(probe);
        const resolved = path.resolve(path.dirname(probe), target);
        if (!isInside(realRoot, resolved) && !isInside(root, resolved)) throw new PathOutsideWorkspace('link points outside the workspace');
      } catch (err) {
        if (err instanceof PathOutsideWorkspace) throw err;
      }
    }
    if (real !== undefined) {
      if (!isInside(realRoot, real)) throw new PathOutsideWorkspace('path leads outside the workspace through a link');
      return;
    }
    const parent = path.dirname(probe);
    if (parent === probe) return;
    probe = parent;
  }
}

function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

export function displayPath(rel: string): string {
  return rel === '' ? WORKSPACE_HOME : `${WORKSPACE_HOME}/${rel}`;
}
