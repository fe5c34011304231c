// The workspace file system's data and request rules, without VS Code (the bench drives it).
//
// Rules this class keeps (each request is one the user's action needs, nothing more):
// - A folder is one GET list_files; its listing is kept and answers every `stat` of its entries,
//   and every "does not exist" for names missing from it. That is how VS Code's probes
//   (.vscode/settings.json, .git, ...) cost nothing: an absent `.vscode` in the root listing
//   answers every path below it.
// - Concurrent listings of one folder share one request.
// - No lost edits: once a file's content was handed to an editor, a `stat` of that file (VS Code's
//   check before a save, or after one) asks the server again unless a listing made after the
//   hand-out is under a second old, so VS Code compares with the server's real time and size and
//   reports "the file is newer" after a remote change.
//   Times and sizes are the server's own, never made up (for the moment after an upload, see below).
// - A save costs one upload and at most one `list_files`. VS Code stats a file before writing it
//   (its "the file on disk is newer" check: a real listing, see above) and again after (to learn
//   the new version). The upload's answer carries no time, and asking for it would be a second
//   listing, so the stat right after an upload answers with the server's time of the version it
//   replaced and the size just sent. That is enough for VS Code's check, which reports a conflict
//   when the server's time is newer than the one it knows *and* the size differs (its rule for
//   local disks too): the next save sees the server's newer time with the same size and goes
//   through, while a remote change of another size is caught. That answer is given once, to the
//   stat right after the upload: a second save, however soon, checks against a real listing.
//   A listing within OWN_UPLOAD_WINDOW_MS of the upload that shows the size sent and a time no
//   older is taken for our own upload and not reported as a remote change; a later one that shows
//   a new time is reported (at worst VS Code reloads the same text once), so a remote change of
//   the same size after that window still reaches a clean editor through the change poll.
//   Uploading a new file forgets its folder's listing instead: there is no earlier time to give.
// - Create folder, delete and rename have no API call and fail with a sentence that says so.
// - Uploads above 16 MiB are refused before a byte is sent; so are downloads the listing
//   already shows above 16 MiB.
// - A workspace that is not running makes calls fail fast for a few seconds instead of
//   repeating the same doomed request for every probe; `forgetUnavailable` ends that at once.
import { type DirectoryListing, MAX_TRANSFER_BYTES } from '../../api';
import { sameVersion, toListing, type EntryStat, type Listing } from './entries';
import { fromApiError, NO_FOLDER_OPERATIONS, tooLargeFailure, WorkspaceFsFailure } from './failures';
import { ancestorsOf, joinRel, nameOf, normaliseRel, parentOf } from './paths';

/** The three calls the file system needs; ContainersClient has them. */
export interface WorkspaceFilesSource {
  listFiles(id: string, relDir?: string, signal?: AbortSignal): Promise<DirectoryListing>;
  downloadFile(id: string, relPath: string, signal?: AbortSignal): Promise<Buffer>;
  uploadFile(id: string, filepath: string, data: Buffer | Uint8Array): Promise<unknown>;
}

export type ChangeKind = 'changed' | 'created' | 'deleted';

export interface FsChange {
  workspaceId: string;
  rel: string;
  kind: ChangeKind;
}

export interface WorkspaceFsModelOptions {
  client: () => Promise<WorkspaceFilesSource>;
  now?: () => number;
  /**
   * How long a fresh listing also answers `readDirectory` of the same folder. Covers the burst
   * of an Explorer expansion (stat of the folder, then its listing) and nothing longer.
   */
  listingReuseMs?: number;
  /** How long calls fail fast after the service said the workspace is not running. */
  unavailableMs?: number;
  /**
   * How old a listing may be to answer the stat of a file an editor holds (VS Code stats such a
   * file several times in a row when it opens or saves it). Kept short: it is the window in which
   * a remote change could go unnoticed by the save check.
   */
  heldFileTrustMs?: number;
}

export interface DirEntry {
  name: string;
  type: EntryStat['type'];
}

interface WorkspaceState {
  listings: Map<string, Listing>;
  loading: Map<string, Promise<Listing>>;
  /**
   * Files whose content an editor holds, with the sequence number of that moment: a stat of
   * such a file is answered only by a listing fetched after it (a higher sequence number).
   */
  handedOut: Map<string, number>;
  /** The answer to the one stat that follows an upload (see the header); `uploadedAt` says when. */
  uploads: Map<string, EntryStat & { uploadedAt: number }>;
  unavailable?: { until: number; failure: WorkspaceFsFailure };
}

export class WorkspaceFsModel {
  private readonly workspaces = new Map<string, WorkspaceState>();
  private readonly listeners = new Set<(changes: FsChange[]) => void>();
  private readonly now: () => number;
  private readonly listingReuseMs: number;
  private readonly unavailableMs: number;
  private readonly heldFileTrustMs: number;
  /** Orders listings and hand-outs (the clock may not move between two of them). */
  private sequence = 0;

  constructor(private readonly options: WorkspaceFsModelOptions) {
    this.now = options.now ?? Date.now;
    this.listingReuseMs = options.listingReuseMs ?? 2000;
    this.unavailableMs = options.unavailableMs ?? 5000;
    this.heldFileTrustMs = options.heldFileTrustMs ?? 1000;
  }

  /** Remote changes seen when a listing replaced an older one (or after our own upload). */
  onDidChange(listener: (changes: FsChange[]) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  async stat(workspaceId: string, path: string): Promise<EntryStat> {
    const rel = normaliseRel(path);
    if (rel === '') {
      // The root has no entry of its own: listing it proves it is there (and is the next step anyway).
      await this.listing(workspaceId, '', { reuse: true });
      return { type: 'dir', mtime: 0, size: 0, writable: true };
    }
    const ws = this.state(workspaceId);
    const upload = ws.uploads.get(rel);
    if (upload) {
      // Once only: the stat VS Code makes right after writing. Any later one asks the server.
      ws.uploads.delete(rel);
      if (this.now() - upload.uploadedAt <= this.heldFileTrustMs) return upload;
    }
    const parent = await this.knownParent(workspaceId, rel);
    const entry = parent.entries.get(nameOf(rel));
    if (!entry) throw notFound(workspaceId, rel);
    const handedOutAt = ws.handedOut.get(rel);
    const listingIsNow = handedOutAt !== undefined && parent.seq > handedOutAt && this.answersHeldStat(parent);
    if (entry.type === 'file' && handedOutAt !== undefined && !listingIsNow) {
      // An editor holds this file: answer with what the server says now.
      const fresh = await this.listing(workspaceId, parentOf(rel), { reuse: false });
      const now = fresh.entries.get(nameOf(rel));
      if (!now) throw notFound(workspaceId, rel);
      return now;
    }
    return entry;
  }

  async readDirectory(workspaceId: string, path: string): Promise<DirEntry[]> {
    const rel = normaliseRel(path);
    await this.ensureFolderExists(workspaceId, rel);
    const listing = await this.listing(workspaceId, rel, { reuse: true });
    return [...listing.entries].map(([name, e]) => ({ name, type: e.type }));
  }

  async readFile(workspaceId: string, path: string): Promise<Uint8Array> {
    const rel = normaliseRel(path);
    const ws = this.state(workspaceId);
    const parent = await this.knownParent(workspaceId, rel);
    const known = parent.entries.get(nameOf(rel));
    if (!known) throw notFound(workspaceId, rel);
    if (known.type === 'dir') throw new WorkspaceFsFailure('isADirectory', `${rel} is a folder, not a file.`, workspaceId, rel);
    if (known.size > MAX_TRANSFER_BYTES) throw tooLargeFailure(workspaceId, rel, known.size);
    this.failFastIfUnavailable(ws);
    const client = await this.options.client();
    let data: Buffer;
    try {
      data = await client.downloadFile(workspaceId, rel);
    } catch (err) {
      throw this.remember(ws, fromApiError(err, workspaceId, rel, 'read'));
    }
    ws.handedOut.set(rel, ++this.sequence);
    if (data.byteLength !== known.size) {
      // The listing was older than the file: forget it, so the next stat gives the real time and
      // VS Code does not keep a content/time pair that never existed on the server.
      ws.listings.delete(parentOf(rel));
      this.fire([{ workspaceId, rel, kind: 'changed' }]);
    }
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  }

  /**
   * Uploads the file. VS Code's contract: without `create` a missing file is FileNotFound, without
   * `overwrite` an existing one is FileExists, and the parent folder must exist (the API cannot
   * create folders: upload says 202601, and we say it before sending when we already know).
   */
  async writeFile(workspaceId: string, path: string, content: Uint8Array, flags: { create: boolean; overwrite: boolean }): Promise<'created' | 'changed'> {
    const rel = normaliseRel(path);
    if (rel === '') throw new WorkspaceFsFailure('isADirectory', 'The workspace root is a folder, not a file.', workspaceId, rel);
    if (content.byteLength > MAX_TRANSFER_BYTES) throw tooLargeFailure(workspaceId, rel, content.byteLength);
    const ws = this.state(workspaceId);
    const parent = await this.knownParent(workspaceId, rel, {
      missingParent: () =>
        new WorkspaceFsFailure(
          'notFound',
          `The folder of ${rel} does not exist in the workspace. Uploads need an existing parent folder (the API cannot create folders): create it in the workspace terminal first.`,
          workspaceId,
          rel,
        ),
    });
    const existing = parent.entries.get(nameOf(rel));
    if (existing?.type === 'dir') throw new WorkspaceFsFailure('isADirectory', `${rel} is a folder in the workspace, not a file.`, workspaceId, rel);
    if (!existing && !flags.create) throw notFound(workspaceId, rel);
    if (existing && flags.create && !flags.overwrite) throw new WorkspaceFsFailure('exists', `${rel} already exists in the workspace.`, workspaceId, rel);
    if (existing && !existing.writable) {
      throw new WorkspaceFsFailure('noPermissions', `${rel} is read-only in the workspace (its permissions give no write bit).`, workspaceId, rel);
    }
    this.failFastIfUnavailable(ws);
    const client = await this.options.client();
    try {
      await client.uploadFile(workspaceId, rel, content);
    } catch (err) {
      throw this.remember(ws, fromApiError(err, workspaceId, rel, 'write'));
    }
    this.recordUpload(ws, rel, existing, content.byteLength);
    return existing ? 'changed' : 'created';
  }

  /** What the file system knows after an upload succeeded (see the header: one listing per save). */
  private recordUpload(ws: WorkspaceState, rel: string, existing: EntryStat | undefined, size: number): void {
    const folder = parentOf(rel);
    const uploadSeq = ++this.sequence;
    ws.handedOut.set(rel, uploadSeq);
    // A listing that arrived during the upload may already hold a newer entry; start from it.
    const replaced = ws.listings.get(folder)?.entries.get(nameOf(rel)) ?? existing;
    if (!replaced || replaced.type !== 'file') {
      // A new file: its time exists only on the server, so the next stat fetches the folder.
      ws.listings.delete(folder);
      ws.uploads.delete(rel);
      return;
    }
    const stat = { ...replaced, size, uploadedAt: this.now(), uploadSeq };
    ws.listings.get(folder)?.entries.set(nameOf(rel), stat);
    ws.uploads.set(rel, stat);
  }

  createDirectory(workspaceId: string, path: string): never {
    throw new WorkspaceFsFailure('noPermissions', `Cannot create the folder ${normaliseRel(path)}. ${NO_FOLDER_OPERATIONS}`, workspaceId, normaliseRel(path));
  }

  delete(workspaceId: string, path: string): never {
    throw new WorkspaceFsFailure('noPermissions', `Cannot delete ${normaliseRel(path)}. ${NO_FOLDER_OPERATIONS}`, workspaceId, normaliseRel(path));
  }

  rename(workspaceId: string, from: string): never {
    throw new WorkspaceFsFailure('noPermissions', `Cannot rename or move ${normaliseRel(from)}. ${NO_FOLDER_OPERATIONS}`, workspaceId, normaliseRel(from));
  }

  /**
   * Lists one folder again (the change poll) and reports the files whose server copy differs from
   * the listing we had. Returns the changes it fired.
   */
  async refreshFolder(workspaceId: string, relDir: string): Promise<FsChange[]> {
    const before = this.state(workspaceId).listings.get(normaliseRel(relDir));
    const changes: FsChange[] = [];
    const unsubscribe = this.onDidChange((c) => changes.push(...c));
    const ws = this.state(workspaceId);
    const folder = normaliseRel(relDir);
    try {
      await this.listing(workspaceId, folder, { reuse: false });
    } finally {
      unsubscribe.dispose();
    }
    // A background listing is already old when the user saves: files held by an editor still
    // get their check against the server at save time (no lost edits).
    for (const rel of ws.handedOut.keys()) if (parentOf(rel) === folder) ws.handedOut.set(rel, ++this.sequence);
    return before ? changes : [];
  }

  /** After a resume: the workspace may answer again, and everything cached may be outdated. */
  forgetUnavailable(workspaceId: string): void {
    const ws = this.state(workspaceId);
    ws.unavailable = undefined;
    ws.listings.clear();
  }

  /** Drops everything known about one workspace (its folder was closed). */
  forgetWorkspace(workspaceId: string): void {
    this.workspaces.delete(workspaceId);
  }

  /** For tests and the bench: the folders whose listing is cached. */
  cachedFolders(workspaceId: string): string[] {
    return [...this.state(workspaceId).listings.keys()];
  }

  /**
   * For tests: whether the cached listing of `relDir` is still recent enough to be reused, and to
   * answer the stat of a file an editor holds (the save's "newer on disk" check). Tests wait for
   * these to turn false instead of sleeping past the windows.
   */
  listingFreshness(workspaceId: string, relDir: string): { reused: boolean; answersHeldStat: boolean } {
    const cached = this.workspaces.get(workspaceId)?.listings.get(normaliseRel(relDir));
    return { reused: this.reusable(cached), answersHeldStat: this.answersHeldStat(cached) };
  }

  /** A listing young enough to answer a readDirectory or a walk without a request. */
  private reusable(listing: Listing | undefined): listing is Listing {
    return listing !== undefined && this.now() - listing.fetchedAt <= this.listingReuseMs;
  }

  /** A listing young enough to answer the stat of a file an editor holds (see stat). */
  private answersHeldStat(listing: Listing | undefined): boolean {
    return listing !== undefined && this.now() - listing.fetchedAt <= this.heldFileTrustMs;
  }

  private state(workspaceId: string): WorkspaceState {
    let ws = this.workspaces.get(workspaceId);
    if (!ws) {
      ws = { listings: new Map(), loading: new Map(), handedOut: new Map(), uploads: new Map() };
      this.workspaces.set(workspaceId, ws);
    }
    return ws;
  }

  /**
   * The listing of `rel`'s parent folder. Walks down from the root through cached listings, so a
   * name missing from any ancestor answers "not found" without a request; the first folder not
   * cached is listed (one request), after the root, which every opened folder has anyway.
   */
  private async knownParent(workspaceId: string, rel: string, opts: { missingParent?: () => WorkspaceFsFailure } = {}): Promise<Listing> {
    const ws = this.state(workspaceId);
    const missing = () => opts.missingParent?.() ?? notFound(workspaceId, rel);
    let listing = ws.listings.get('') ?? (await this.listing(workspaceId, '', { reuse: true }));
    const folders = ancestorsOf(rel);
    for (let i = 1; i < folders.length; i++) {
      const folder = folders[i];
      const entry = listing.entries.get(nameOf(folder));
      if (!entry) throw missing();
      if (entry.type !== 'dir') throw new WorkspaceFsFailure('notADirectory', `${folder} is a file, not a folder.`, workspaceId, rel);
      const cached = ws.listings.get(folder);
      if (cached) {
        listing = cached;
        continue;
      }
      try {
        listing = await this.listing(workspaceId, folder, { reuse: true });
      } catch (err) {
        if (err instanceof WorkspaceFsFailure && (err.kind === 'notADirectory' || err.kind === 'notFound')) throw missing();
        throw err;
      }
    }
    return listing;
  }

  private async ensureFolderExists(workspaceId: string, rel: string): Promise<void> {
    if (rel === '') return;
    const parent = await this.knownParent(workspaceId, rel);
    const entry = parent.entries.get(nameOf(rel));
    if (!entry) throw notFound(workspaceId, rel);
    if (entry.type !== 'dir') throw new WorkspaceFsFailure('notADirectory', `${rel} is a file, not a folder.`, workspaceId, rel);
  }

  /** One folder's listing: the cached one when `reuse` and it is recent, else one request (shared). */
  private listing(workspaceId: string, relDir: string, { reuse }: { reuse: boolean }): Promise<Listing> {
    const ws = this.state(workspaceId);
    const cached = ws.listings.get(relDir);
    if (reuse && this.reusable(cached)) return Promise.resolve(cached);
    const inFlight = ws.loading.get(relDir);
    if (inFlight) return inFlight;
    const load = (async () => {
      this.failFastIfUnavailable(ws);
      // Stamped when asked for, not when answered: a listing answered after an upload that ended
      // while it was on its way (the change poll racing a save) may show the file as it was before.
      const askedSeq = ++this.sequence;
      const askedAt = this.now();
      const client = await this.options.client();
      let raw: DirectoryListing;
      try {
        raw = await client.listFiles(workspaceId, relDir);
      } catch (err) {
        throw this.remember(ws, fromApiError(err, workspaceId, relDir, 'list'));
      }
      const listing = toListing(raw, askedAt, askedSeq);
      const previous = ws.listings.get(relDir);
      if (previous) {
        // What an upload that ended after this listing was asked for left behind is newer than what it shows.
        for (const [name, entry] of previous.entries) if ((entry.uploadSeq ?? 0) > askedSeq && listing.entries.has(name)) listing.entries.set(name, entry);
      }
      ws.listings.set(relDir, listing);
      // The server's own times replace what uploads in this folder answered (those it can have seen).
      for (const [rel, upload] of [...ws.uploads]) if (parentOf(rel) === relDir && (upload.uploadSeq ?? 0) < askedSeq) ws.uploads.delete(rel);
      if (previous) this.fire(diff(workspaceId, relDir, previous, listing));
      return listing;
    })();
    ws.loading.set(relDir, load);
    const clear = () => {
      if (ws.loading.get(relDir) === load) ws.loading.delete(relDir);
    };
    load.then(clear, clear);
    return load;
  }

  private failFastIfUnavailable(ws: WorkspaceState): void {
    if (ws.unavailable && this.now() < ws.unavailable.until) throw ws.unavailable.failure;
  }

  private remember(ws: WorkspaceState, error: unknown): unknown {
    if (error instanceof WorkspaceFsFailure && error.kind === 'notRunning') ws.unavailable = { until: this.now() + this.unavailableMs, failure: error };
    return error;
  }

  private fire(changes: FsChange[]): void {
    if (changes.length === 0) return;
    for (const listener of [...this.listeners]) listener(changes);
  }
}

function notFound(workspaceId: string, rel: string): WorkspaceFsFailure {
  return new WorkspaceFsFailure('notFound', `${rel || '/'} does not exist in the workspace.`, workspaceId, rel);
}

/**
 * How long after an upload a listing that shows the size sent and a newer time is taken for our
 * own upload. Long enough for the next change poll at its shortest interval (5 s); short so that a
 * remote change of the same size later on is reported, not taken for ours.
 */
export const OWN_UPLOAD_WINDOW_MS = 10_000;

/** The listing, fetched at `fetchedAt`, shows the version we uploaded: same size, the server's time no older than the one we gave. */
function isOwnUpload(before: EntryStat, now: EntryStat, fetchedAt: number): boolean {
  return (
    before.uploadedAt !== undefined &&
    fetchedAt - before.uploadedAt <= OWN_UPLOAD_WINDOW_MS &&
    now.type === 'file' &&
    now.size === before.size &&
    now.mtime >= before.mtime &&
    now.writable === before.writable
  );
}

function diff(workspaceId: string, relDir: string, before: Listing, after: Listing): FsChange[] {
  const changes: FsChange[] = [];
  for (const [name, entry] of after.entries) {
    const old = before.entries.get(name);
    if (!old) changes.push({ workspaceId, rel: joinRel(relDir, name), kind: 'created' });
    else if (!sameVersion(old, entry) && !isOwnUpload(old, entry, after.fetchedAt)) changes.push({ workspaceId, rel: joinRel(relDir, name), kind: 'changed' });
  }
  for (const name of before.entries.keys()) {
    if (!after.entries.has(name)) changes.push({ workspaceId, rel: joinRel(relDir, name), kind: 'deleted' });
  }
  return changes;
}
