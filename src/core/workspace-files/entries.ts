// One directory listing (GET list_files) turned into what a file system answers: entries with
// the server's own time, size and permission bits. No VS Code here.
import type { DirectoryEntry, DirectoryListing } from '../../api';

export type EntryType = 'file' | 'dir';

export interface EntryStat {
  type: EntryType;
  /** Milliseconds since the epoch, from the server's `time`; 0 when the server gave none we can read. */
  mtime: number;
  /** Bytes, from the server's `size`. */
  size: number;
  /** The owner's write bit of `perm`: the bit the service checks before it accepts an upload. */
  writable: boolean;
  /**
   * Set on the entry an upload left behind, with when the upload ended (the core's clock): the
   * size is the one sent, the time the server's time of the version it replaced (see
   * WorkspaceFsModel), until a listing brings the server's own.
   */
  uploadedAt?: number;
  /** The model's sequence number when that upload ended: a listing asked for before it is older. */
  uploadSeq?: number;
}

export interface Listing {
  /**
   * When the listing was asked for (the core's clock): it shows the server as it was at some moment
   * between then and its arrival, so its age counts from the request.
   */
  fetchedAt: number;
  /** The model's sequence number when the listing was asked for (see WorkspaceFsModel.handedOut). */
  seq: number;
  entries: Map<string, EntryStat>;
}

/**
 * The service's timestamps: "2024-01-15 09:00:00 +0000" (spec examples), "+00:00" offsets,
 * ISO strings and unix seconds all occur. An unreadable one gives 0, which VS Code treats as
 * "unknown" (its stale-file check is then skipped rather than fed an invented time).
 */
export function parseServerTime(time: string | number | undefined | null): number {
  if (typeof time === 'number') return Number.isFinite(time) ? (time < 1e11 ? time * 1000 : time) : 0;
  if (!time) return 0;
  const trimmed = time.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return parseServerTime(Number(trimmed));
  const m = trimmed.match(/^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)\s*(Z|[+-]\d{2}:?\d{2})?$/);
  if (m) {
    const offset = !m[3] || m[3] === 'Z' ? 'Z' : m[3].includes(':') ? m[3] : `${m[3].slice(0, 3)}:${m[3].slice(3)}`;
    const ms = Date.parse(`${m[1]}T${m[2]}${offset}`);
    return Number.isNaN(ms) ? 0 : ms;
  }
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? 0 : ms;
}

function toStat(entry: DirectoryEntry, type: EntryType): EntryStat {
  const perm = parseInt(String(entry.perm ?? ''), 8);
  const size = Number(entry.size);
  return {
    type,
    mtime: parseServerTime(entry.time),
    size: Number.isFinite(size) && size >= 0 ? size : 0,
    // Unknown bits: leave the file editable and let the service decide on upload.
    writable: Number.isNaN(perm) ? true : (perm & 0o200) !== 0,
  };
}

export function toListing(raw: DirectoryListing, fetchedAt: number, seq: number): Listing {
  const entries = new Map<string, EntryStat>();
  for (const dir of raw.dirs ?? []) entries.set(dir.name, toStat(dir, 'dir'));
  for (const file of raw.files ?? []) entries.set(file.name, toStat(file, 'file'));
  return { fetchedAt, seq, entries };
}

/** True when the remote copy differs from what was known: what the change events report. */
export function sameVersion(a: EntryStat, b: EntryStat): boolean {
  return a.type === b.type && a.mtime === b.mtime && a.size === b.size && a.writable === b.writable;
}
