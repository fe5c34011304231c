// Whether a path lies in a folder (or is the folder), by the paths alone: no file system access, so
// no link is followed (callers that must not follow links open beneath the folder instead).
// `path.relative` answers `..` or `../…` for a path outside; a child named `..x` is inside, which a
// plain `startsWith('..')` gets wrong.
import * as path from 'node:path';

export function isInside(child: string, folder: string): boolean {
  const rel = path.relative(folder, child);
  if (rel === '') return true;
  if (path.isAbsolute(rel)) return false; // another drive on Windows
  return rel !== '..' && !rel.startsWith(`..${path.sep}`);
}
