// File paths inside a workspace travel base64-encoded in the URL path, relative to
// /home/user/workspace.

export const WORKSPACE_ROOT = '/home/user/workspace';

/** `/home/user/workspace/src/a.py`, `./src/a.py`, `src\a.py` → `src/a.py`. */
export function toWorkspaceRelative(p: string): string {
  let rel = p.replace(/\\/g, '/');
  if (rel === WORKSPACE_ROOT || rel.startsWith(WORKSPACE_ROOT + '/')) rel = rel.slice(WORKSPACE_ROOT.length);
  rel = rel
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '');
  return rel === '.' ? '' : rel;
}

/** Standard base64 of the UTF-8 path, percent-encoded so `/`, `+` and `=` survive as one path segment. */
export function encodeWorkspacePath(p: string): string {
  return encodeURIComponent(Buffer.from(toWorkspaceRelative(p), 'utf8').toString('base64'));
}
