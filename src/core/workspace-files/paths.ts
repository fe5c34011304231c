// The `sphere-workspace` URI scheme, without VS Code (the bench and the core use it too):
//   sphere-workspace://<workspace id>/<path under /home/user/workspace>
// The authority is the workspace id; the path is the file's path relative to the workspace root.

export const WORKSPACE_FS_SCHEME = 'sphere-workspace';

/** Paths relative to the workspace root: '' is the root, never a leading or trailing slash. */
export function normaliseRel(p: string): string {
  return p
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/');
}

export function parentOf(rel: string): string {
  const at = rel.lastIndexOf('/');
  return at < 0 ? '' : rel.slice(0, at);
}

export function nameOf(rel: string): string {
  return rel.slice(rel.lastIndexOf('/') + 1);
}

export function joinRel(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name;
}

/** The folders from the root down to (and including) `rel`'s parent: 'a/b/c' → ['', 'a', 'a/b']. */
export function ancestorsOf(rel: string): string[] {
  const parts = rel ? rel.split('/') : [];
  const out: string[] = [''];
  for (let i = 1; i < parts.length; i++) out.push(parts.slice(0, i).join('/'));
  return rel ? out : [];
}
