// The workspace file system's core (WorkspaceFsModel) against the emulator, driven with the call
// sequences VS Code's file service makes, and judged by VS Code's own "file on disk is newer"
// rule (vscodeRefusesSave below). Counts come from the emulator's request log.
import * as assert from 'node:assert/strict';
import { ContainersClient, WORKSPACE_STATES } from '../../../src/api';
import { parseServerTime, type EntryStat } from '../../../src/core/workspace-files/entries';
import { WorkspaceFsFailure } from '../../../src/core/workspace-files';
import { OWN_UPLOAD_WINDOW_MS, WorkspaceFsModel, type FsChange } from '../../../src/core/workspace-files/model';
import { sleep, startTestEmulator, TOKEN, type TestEmulator } from '../../emulator/harness';

const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';
const INIT = ['mkdir -p src', 'printf "x = 1\\n" > src/a.py', 'printf "y = 1\\n" > src/b.py'].join('\n');
/** The service's times have one-second resolution: a change must land in a later second. */
const NEXT_SECOND_MS = 1100;

/**
 * VS Code's check before it writes (fileService.validateWriteFile): the save is refused as
 * "modified since" when the file's time moved past the one the editor knows and its size differs
 * from the one the editor knows.
 */
function vscodeRefusesSave(known: EntryStat, now: EntryStat): boolean {
  return known.mtime < now.mtime && known.size !== now.size;
}

/** What the editor keeps after a save (TextFileEditorModel keeps a stat only if its time did not go back). */
function keptAfterSave(known: EntryStat, after: EntryStat): EntryStat {
  return after.mtime >= known.mtime ? after : known;
}

describe('workspace files core against the emulator', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let client: ContainersClient;
  let other: ContainersClient;
  let id: string;

  const requests = () => [...emu.ctx.requests.list()].map((r) => `${r.method} ${/list_files/.test(r.url) ? 'list_files' : /\/files/.test(r.url) ? 'file' : r.url}`);

  before(async () => {
    emu = await startTestEmulator();
    client = new ContainersClient({ endpoint: emu.endpoints.containers, token: TOKEN });
    other = new ContainersClient({ endpoint: emu.endpoints.containers, token: TOKEN });
    const { workspace } = await client.createWorkspace({ projectId: CONSOLE_PYTHON, workspaceInit: INIT });
    id = workspace.id;
    for (let i = 0; (await client.getWorkspace(id)).state.code !== WORKSPACE_STATES.running; i++) {
      if (i > 300) throw new Error('the workspace did not start');
      await sleep(100);
    }
    for (let i = 0; !(await client.listFiles(id, 'src')).files.some((f) => f.name === 'b.py'); i++) {
      if (i > 300) throw new Error('the init script did not run');
      await sleep(100);
    }
  });
  after(async () => {
    await Promise.all([client?.close(), other?.close()]);
    await emu?.close();
  });

  /** Open (stat + read), as VS Code does when an editor opens the file. */
  async function open(model: WorkspaceFsModel, rel: string): Promise<EntryStat> {
    const known = await model.stat(id, rel);
    await model.readFile(id, rel);
    return known;
  }

  /** Save as VS Code does: stat and check, upload, stat. Returns what the editor then knows, or 'refused'. */
  async function save(model: WorkspaceFsModel, rel: string, known: EntryStat, text: string): Promise<EntryStat | 'refused'> {
    if (vscodeRefusesSave(known, await model.stat(id, rel))) return 'refused';
    await model.writeFile(id, rel, Buffer.from(text), { create: true, overwrite: true });
    return keptAfterSave(known, await model.stat(id, rel));
  }

  it('a save is one upload and one list_files, and the stat after it has the size sent', async () => {
    const model = new WorkspaceFsModel({ client: async () => client });
    const known = await open(model, 'src/a.py');
    await sleep(NEXT_SECOND_MS);
    emu.ctx.requests.clear();
    const after = await save(model, 'src/a.py', known, 'x = 2  # saved\n');
    assert.notEqual(after, 'refused');
    assert.deepEqual(requests().sort(), ['GET list_files', 'POST file']);
    assert.equal((after as EntryStat).size, 'x = 2  # saved\n'.length);
    assert.equal((await other.downloadFile(id, 'src/a.py')).toString(), 'x = 2  # saved\n');
  });

  it('saving again later is accepted (no false "newer on disk"), and a listing of our own upload is no change', async () => {
    const model = new WorkspaceFsModel({ client: async () => client });
    const changes: FsChange[] = [];
    model.onDidChange((c) => changes.push(...c));
    let known = await open(model, 'src/b.py');
    await sleep(NEXT_SECOND_MS);
    const first = await save(model, 'src/b.py', known, 'y = 2\n');
    assert.notEqual(first, 'refused');
    known = first as EntryStat;
    await sleep(NEXT_SECOND_MS);
    assert.deepEqual(await model.refreshFolder(id, 'src'), [], 'the change poll does not report our own upload');
    const second = await save(model, 'src/b.py', known, 'y = 3  # longer this time\n');
    assert.notEqual(second, 'refused', 'the second save goes through');
    assert.equal((await other.downloadFile(id, 'src/b.py')).toString(), 'y = 3  # longer this time\n');
    assert.deepEqual(changes, []);
  });

  it('a listing asked for before an upload and answered after it (the change poll racing a save) neither answers the stat after the save nor refuses the next save', async () => {
    // The poll's list_files is answered by the server before the upload lands, and reaches the core
    // only once the upload has ended: what a busy machine does to two requests on two connections.
    let answered!: () => void;
    const listedBeforeUpload = new Promise<void>((resolve) => (answered = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holdNext = false;
    const racing = {
      listFiles: async (...args: Parameters<ContainersClient['listFiles']>) => {
        const hold = holdNext;
        holdNext = false;
        const answer = await client.listFiles(...args);
        if (hold) {
          answered();
          await held;
        }
        return answer;
      },
      downloadFile: (...args: Parameters<ContainersClient['downloadFile']>) => client.downloadFile(...args),
      uploadFile: (...args: Parameters<ContainersClient['uploadFile']>) => client.uploadFile(...args),
    } as unknown as ContainersClient;
    const model = new WorkspaceFsModel({ client: async () => racing });
    const changes: FsChange[] = [];
    model.onDidChange((c) => changes.push(...c));
    let known = await open(model, 'src/b.py');
    await sleep(NEXT_SECOND_MS);
    // VS Code's save, step by step: the check, then the poll starts, then the upload, then the stat after it.
    assert.equal(vscodeRefusesSave(known, await model.stat(id, 'src/b.py')), false);
    holdNext = true;
    const poll = model.refreshFolder(id, 'src');
    await listedBeforeUpload;
    const text = 'y = 20  # saved while the poll was on its way\n';
    await model.writeFile(id, 'src/b.py', Buffer.from(text), { create: true, overwrite: true });
    release();
    await poll;
    known = keptAfterSave(known, await model.stat(id, 'src/b.py'));
    assert.equal(known.size, Buffer.byteLength(text), 'the stat after the save has the size sent, not the size the late listing shows');
    assert.deepEqual(changes, [], 'the late listing is no remote change');
    await sleep(NEXT_SECOND_MS);
    const second = await save(model, 'src/b.py', known, 'y = 21  # the next save, longer\n');
    assert.notEqual(second, 'refused', 'the next save goes through');
    assert.equal((await other.downloadFile(id, 'src/b.py')).toString(), 'y = 21  # the next save, longer\n');
  });

  it('a remote change after a save is caught by the next save, and the remote text survives', async () => {
    const model = new WorkspaceFsModel({ client: async () => client });
    let known = await open(model, 'src/a.py');
    await sleep(NEXT_SECOND_MS);
    known = (await save(model, 'src/a.py', known, 'x = 3\n')) as EntryStat;
    await sleep(NEXT_SECOND_MS);
    await other.uploadFile(id, 'src/a.py', Buffer.from('x = 4  # from the workspace terminal\n'));
    await sleep(NEXT_SECOND_MS);
    assert.equal(await save(model, 'src/a.py', known, 'x = 5\n'), 'refused');
    assert.equal((await other.downloadFile(id, 'src/a.py')).toString(), 'x = 4  # from the workspace terminal\n');
  });

  it('the change poll reports a remote change of a file after our upload', async () => {
    const model = new WorkspaceFsModel({ client: async () => client });
    const known = await open(model, 'src/b.py');
    await sleep(NEXT_SECOND_MS);
    await save(model, 'src/b.py', known, 'y = 6\n');
    await sleep(NEXT_SECOND_MS);
    await other.uploadFile(id, 'src/b.py', Buffer.from('y = 7  # remote\n'));
    const changes = await model.refreshFolder(id, 'src');
    assert.deepEqual(
      changes.map((c) => `${c.kind} ${c.rel}`),
      ['changed src/b.py'],
    );
  });

  it('a second save right after the first still checks the server: a remote change in between is refused', async () => {
    const model = new WorkspaceFsModel({ client: async () => client });
    let known = await open(model, 'src/a.py');
    await sleep(NEXT_SECOND_MS);
    known = (await save(model, 'src/a.py', known, 'x = 10\n')) as EntryStat;
    // Within the second after the save (auto-save, a quick Ctrl+S): another size lands remotely.
    await other.uploadFile(id, 'src/a.py', Buffer.from('x = 11  # from the workspace terminal\n'));
    emu.ctx.requests.clear();
    assert.equal(await save(model, 'src/a.py', known, 'x = 12\n'), 'refused');
    assert.deepEqual(requests(), ['GET list_files'], 'the check before the second save asks the server');
    assert.equal((await other.downloadFile(id, 'src/a.py')).toString(), 'x = 11  # from the workspace terminal\n');
  });

  it('a remote change of the same size after the own-upload window reaches the change poll', async () => {
    let skew = 0;
    const model = new WorkspaceFsModel({ client: async () => client, now: () => Date.now() + skew });
    const known = await open(model, 'src/b.py');
    await sleep(NEXT_SECOND_MS);
    await save(model, 'src/b.py', known, 'y = 8\n');
    skew = OWN_UPLOAD_WINDOW_MS + 1000;
    await sleep(NEXT_SECOND_MS);
    await other.uploadFile(id, 'src/b.py', Buffer.from('y = 9\n'));
    const changes = await model.refreshFolder(id, 'src');
    assert.deepEqual(
      changes.map((c) => `${c.kind} ${c.rel}`),
      ['changed src/b.py'],
      'a same-size remote change was taken for our own upload',
    );
  });

  it("keeps VS Code's create and overwrite contract, and a missing folder says so, all before sending", async () => {
    const model = new WorkspaceFsModel({ client: async () => client });
    await model.readDirectory(id, 'src');
    emu.ctx.requests.clear();
    const kindOf = (kind: string, message?: RegExp) => (err: unknown) => {
      assert.ok(err instanceof WorkspaceFsFailure, String(err));
      assert.equal(err.kind, kind);
      if (message) assert.match(err.message, message);
      return true;
    };
    await assert.rejects(model.writeFile(id, 'src/absent.py', Buffer.from('a\n'), { create: false, overwrite: true }), kindOf('notFound'));
    await assert.rejects(model.writeFile(id, 'src/a.py', Buffer.from('a\n'), { create: true, overwrite: false }), kindOf('exists', /already exists/));
    await assert.rejects(
      model.writeFile(id, 'nowhere/new.py', Buffer.from('a\n'), { create: true, overwrite: true }),
      kindOf('notFound', /folder of nowhere\/new\.py does not exist.*Uploads need an existing parent folder/),
    );
    assert.deepEqual(
      requests().filter((r) => r.startsWith('POST')),
      [],
      'nothing was uploaded',
    );
  });

  it('a new file costs one upload and one list_files, and its stat has the server time', async () => {
    const model = new WorkspaceFsModel({ client: async () => client });
    await model.readDirectory(id, 'src');
    emu.ctx.requests.clear();
    await assert.rejects(model.stat(id, 'src/new.py'), /does not exist/);
    await model.writeFile(id, 'src/new.py', Buffer.from('z = 1\n'), { create: true, overwrite: false });
    const stat = await model.stat(id, 'src/new.py');
    assert.deepEqual(requests().sort(), ['GET list_files', 'POST file']);
    assert.equal(stat.size, 6);
    const listed = (await other.listFiles(id, 'src')).files.find((f) => f.name === 'new.py');
    assert.equal(stat.mtime, parseServerTime(listed?.time), 'the time is the one the server lists');
  });
});
