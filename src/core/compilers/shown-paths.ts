// The service runs a single file under its own name in its own folder (`/sandbox/prog.py`), so a
// traceback names a file the person never wrote. In the text shown to them, each absolute path
// that maps onto one of their files is replaced by that file's local path (issue 40 item 8); the
// mapping is the diagnostics' own (`PathMapper`), so the Problems panel and the output agree.
import type { PathMapper } from '../diagnostics';

/** Absolute POSIX paths, stopping at quotes, spaces, brackets and the `:line` that follows. */
const ABSOLUTE_PATH = /(?<![\w.~/-])\/(?:[\w.+-]+\/)*[\w.+-]+/g;

export function showLocalPaths(text: string, mapper: PathMapper): string {
  return text.replace(ABSOLUTE_PATH, (remote) => mapper(remote) ?? remote);
}
