// Links in an archive from the service, made only where they physically stay inside the folder.
// A textual check (path.resolve of the link's target) is not enough: `s -> ../..` in a nested
// folder and `t -> x/s/../../..` pass it, yet `t` resolves through `s` to `/`, since `..` after a
// link climbs from where the link points, not from where it sits. So the extraction leaves links
// out; they are made afterwards, one by one, each resolved component by component on the disk
// (links followed as the kernel follows them) before it is created, and all of them resolved
// again once every one exists, because a later link can change where an earlier one leads.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { PackError } from './errors';

export interface ArchiveLink {
  /** The entry name, relative to the destination (posix). */
  name: string;
  /** Symbolic: the target as written; hard: the linked entry's name. */
  target: string;
  hard: boolean;
}

const MAX_HOPS = 40; // as the kernel's ELOOP limit

const inside = (candidate: string, root: string) => candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/**
 * Where `target` (relative to the real folder `from`, or absolute) leads on the disk: each
 * component in turn, a link replaced by where it points (recursively), `..` taken after that.
 * Missing components are taken as written (a dangling link is judged by where it would point).
 */
async function resolvePhysically(from: string, target: string, hops = { n: 0 }): Promise<string> {
  let cur = path.isAbsolute(target) ? path.parse(target).root : from;
  for (const part of target.split(/[/\\]+/)) {
    if (!part || part === '.') continue;
    if (part === '..') {
      cur = path.dirname(cur);
      continue;
    }
    const next = path.join(cur, part);
    let link: string | undefined;
    try {
      if ((await fsp.lstat(next)).isSymbolicLink()) link = await fsp.readlink(next);
    } catch {
      // missing: taken as written
    }
    if (link === undefined) {
      cur = next;
      continue;
    }
    if (++hops.n > MAX_HOPS) return '/'; // a loop: treated as leaving the folder
    cur = await resolvePhysically(cur, link, hops);
  }
  return cur;
}

function outside(link: ArchiveLink): PackError {
  return new PackError(
    'unsafe-archive-entry',
    `Archive entry "${link.name}" links outside the destination (-> ${link.target}, followed link by link); refusing to extract`,
    link.name,
  );
}

/** Makes each link after checking where it leads; then checks them all again. Throws on the first that leaves `dest`. */
export async function makeLinksInside(dest: string, links: readonly ArchiveLink[]): Promise<void> {
  const root = await fsp.realpath(dest);
  const leadsOut = async (l: ArchiveLink) => {
    const parent = await resolvePhysically(root, path.posix.dirname(l.name));
    if (!inside(parent, root)) return true;
    const where = l.hard ? await resolvePhysically(root, l.target) : await resolvePhysically(parent, l.target);
    return !inside(where, root);
  };
  for (const l of links) {
    if (await leadsOut(l)) throw outside(l);
    const at = path.join(root, ...l.name.split('/'));
    await fsp.rm(at, { force: true });
    if (l.hard) {
      const source = await resolvePhysically(root, l.target);
      if (!(await fsp.lstat(source)).isFile())
        throw new PackError('unsafe-archive-entry', `Archive entry "${l.name}" is a hard link to "${l.target}", which is not a file of the archive; refusing to extract`, l.name);
      await fsp.link(source, at);
    } else {
      await fsp.symlink(l.target, at);
    }
  }
  for (const l of links) if (!l.hard && (await leadsOut(l))) throw outside(l);
}
