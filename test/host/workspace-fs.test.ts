// Workspace files in the editor (sphere-workspace://): open, edit, save and read back; a remote
// change gives the conflict instead of a lost edit; limits, read-only files, unsupported
// operations, VS Code's probes, the optional change poll, and the resume offer for a stopped workspace.
//
// What was saved is read back from the emulator's own disk: the workspace's init script writes
// its folder's absolute path into `.where`, and the emulator runs on this machine. If that folder
// is not reachable (a sandboxed init sees another path), the test reads through the API instead.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import { MessageCapture } from './faults-support';
import { activateExtension, clearEmulatorRequests, emulatorInfo, emulatorRequests, waitFor } from './helpers';

const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';
const MIB = 1024 * 1024;
/** src/app.py after the first save of the tests. */
const FIRST_SAVE = 'print("hello")\nprint("saved from VS Code")\n';
const INIT = [
  'pwd > .where',
  'mkdir -p src',
  'printf \'print("hello")\\n\' > src/app.py',
  "printf 'x = 1\\n' > src/other.py",
  "printf 'locked\\n' > readonly.txt",
  'chmod 444 readonly.txt',
].join('\n');

function api(p: string): string {
  const { origin, token } = emulatorInfo();
  return `${origin}/containers/api/v1${p}${p.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
}

async function call(method: string, p: string, body?: FormData | URLSearchParams): Promise<Response> {
  const res = await fetch(api(p), { method, body });
  if (!res.ok) throw new Error(`${method} ${p}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

const b64 = (rel: string) => encodeURIComponent(Buffer.from(rel, 'utf8').toString('base64'));

/** The server's copy of a file: from the emulator's disk when reachable, else downloaded. */
async function serverCopy(id: string, rel: string, diskRoot: string | undefined): Promise<string> {
  if (diskRoot) return fs.readFileSync(path.join(diskRoot, rel), 'utf8');
  return (await call('GET', `/workspaces/${id}/files/${b64(rel)}`)).text();
}

/** A change made elsewhere (the workspace terminal, another editor): a plain upload. */
async function remoteWrite(id: string, rel: string, text: string): Promise<void> {
  const form = new FormData();
  form.set('filepath', rel);
  form.set('filedata', new Blob([text]), path.basename(rel));
  await call('POST', `/workspaces/${id}/files`, form);
}

/**
 * The service's file times have one-second resolution: a write in the same second as `rel`'s last
 * one would not look newer. Waits until the service's own clock (the Date header of its answers,
 * whole seconds) is in a later second than the time it lists for `rel`.
 */
async function untilServerTimePasses(id: string, rel: string): Promise<void> {
  const folder = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
  const listed = (
    (await (await call('GET', `/workspaces/${id}/list_files${folder ? `/${b64(folder)}` : ''}`)).json()) as { files: Array<{ name: string; time: string }> }
  ).files.find((f) => f.name === path.posix.basename(rel));
  assert.ok(listed, `the service lists ${rel}`);
  const fileTime = Date.parse(listed.time.replace(' ', 'T').replace(' +0000', 'Z'));
  assert.ok(Number.isFinite(fileTime), `a time the test can read: ${listed.time}`);
  await waitFor(
    async () => {
      const answer = await call('GET', `/workspaces/${id}`);
      await answer.arrayBuffer();
      return Date.parse(answer.headers.get('date') ?? '') > fileTime;
    },
    { what: `the service's clock to pass the time of ${rel} (${listed.time})` },
  );
}

async function workspaceState(id: string): Promise<number> {
  return ((await (await call('GET', `/workspaces/${id}`)).json()) as { state: { code: number } }).state.code;
}

describe('workspace files (sphere-workspace://)', function () {
  this.timeout(90_000);
  let files: ExtensionTestApi['workspaceFiles'];
  let id = '';
  let diskRoot: string | undefined;

  before(async () => {
    files = (await activateExtension()).workspaceFiles;
    assert.ok(files, 'the extension exports workspaceFiles');
    const created = await call('POST', '/workspaces', new URLSearchParams({ project_id: CONSOLE_PYTHON, workspace_init: INIT, retention_time_stopped: '60' }));
    id = ((await created.json()) as { workspace: { id: string } }).workspace.id;
    await waitFor(async () => (await workspaceState(id)) === 2, { timeoutMs: 30_000, intervalMs: 500, what: 'the workspace to run' });
    const where = await waitFor(
      async () => {
        const res = await fetch(api(`/workspaces/${id}/files/${b64('.where')}`));
        return res.ok ? (await res.text()).trim() : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'the init script' },
    );
    await waitFor(async () => (await fetch(api(`/workspaces/${id}/files/${b64('readonly.txt')}`))).ok, { what: 'readonly.txt' });
    diskRoot = fs.existsSync(path.join(where, 'src', 'app.py')) ? where : undefined;
    console.log(`workspace-fs: reading saved files ${diskRoot ? `from the emulator's disk (${diskRoot})` : 'through the API (the disk path is not reachable)'}`);
  });

  /**
   * A listing made just after an editor took the file (its open) also answers the save's "newer
   * on disk" check for a moment: waits until that check asks the server again.
   */
  const untilSaveAsksServer = (rel: string) =>
    waitFor(() => !files.listingFreshness(id, path.posix.dirname(rel)).answersHeldStat, { what: `the listing of ${path.posix.dirname(rel)} to age` });

  after(async () => {
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document.uri.scheme === files.scheme) await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    if (id) await fetch(api(`/workspaces/${id}/remove`), { method: 'PUT' });
  });

  it('lists the workspace root and a folder, one request each, without VS Code probes costing any', async () => {
    await clearEmulatorRequests();
    const root = await vscode.workspace.fs.readDirectory(files.uri(id));
    const names = root.map(([n]) => n);
    assert.ok(names.includes('src') && names.includes('readonly.txt'), `root shows ${names.join(', ')}`);
    assert.deepEqual(root.find(([n]) => n === 'src')?.[1], vscode.FileType.Directory);
    assert.equal((await emulatorRequests()).length, 1, 'listing the root is one request');

    await clearEmulatorRequests();
    for (const probe of ['.vscode/settings.json', '.vscode/tasks.json', '.git', '.git/HEAD', '.devcontainer/devcontainer.json']) {
      await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(files.uri(id, probe))), (err: vscode.FileSystemError) => err.code === 'FileNotFound');
    }
    assert.deepEqual(await emulatorRequests(), [], 'probes of absent paths are answered from the listing');

    // Past the short window in which a listing is reused: the folder is asked for again.
    await waitFor(() => !files.listingFreshness(id, '').reused && !files.listingFreshness(id, 'src').reused, { what: 'the cached listings to age' });
    await clearEmulatorRequests();
    const src = await vscode.workspace.fs.readDirectory(files.uri(id, 'src'));
    assert.deepEqual(src.map(([n]) => n).sort(), ['app.py', 'other.py']);
    const stat = await vscode.workspace.fs.stat(files.uri(id, 'src/app.py'));
    assert.equal(stat.size, 'print("hello")\n'.length, "the size is the server's");
    const requests = await emulatorRequests();
    const listed = ((await (await call('GET', `/workspaces/${id}/list_files/${b64('src')}`)).json()) as { files: Array<{ name: string; time: string }> }).files.find(
      (f) => f.name === 'app.py',
    );
    assert.ok(listed, 'the service lists src/app.py');
    // The emulator lists times as `yyyy-mm-dd hh:mm:ss +0000`: the stat's time must be that second.
    assert.equal(`${new Date(stat.mtime).toISOString().slice(0, 19).replace('T', ' ')} +0000`, listed.time, 'the time is the one the server lists');
    assert.equal(requests.length, 1, `expanding a folder is one request: ${requests.map((r) => r.url).join(', ')}`);
    assert.match(requests[0].url, /list_files/);
  });

  it('opens, edits and saves a file; the workspace has the saved text', async () => {
    const uri = files.uri(id, 'src/app.py');
    // The init's text, also when an earlier test changed it (each test passes in any order).
    if ((await serverCopy(id, 'src/app.py', diskRoot)) !== 'print("hello")\n') await remoteWrite(id, 'src/app.py', 'print("hello")\n');
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(doc.getText(), 'print("hello")\n');
    const editor = await vscode.window.showTextDocument(doc);
    // Past the moment in which the listing of the open also answers the save's check. (Edit after
    // that: the web workbench saves by itself a second after an edit.)
    await untilSaveAsksServer('src/app.py');
    const edited = await editor.edit((e) => e.insert(new vscode.Position(1, 0), 'print("saved from VS Code")\n'));
    assert.ok(edited, 'the edit applies');
    assert.ok(doc.isDirty);
    await clearEmulatorRequests();
    const saved = await doc.save();
    const sent = await emulatorRequests();
    assert.equal(
      saved,
      true,
      `requests: ${JSON.stringify(sent.map((r) => `${r.method} ${r.url.split('?')[0]} ${r.status}`))}; ` +
        `the save succeeds (changes seen: ${JSON.stringify(files.changes)}, dirty after: ${doc.isDirty}, text: ${JSON.stringify(doc.getText())})`,
    );
    assert.equal(doc.isDirty, false);
    const kinds = sent.map((r) => (r.method === 'POST' ? 'upload' : /list_files/.test(r.url) ? 'list_files' : `${r.method} ${r.url}`)).sort();
    assert.deepEqual(kinds, ['list_files', 'upload'], 'a save is one upload and one listing (the "newer on disk" check)');
    assert.equal(await serverCopy(id, 'src/app.py', diskRoot), FIRST_SAVE);
  });

  it('saves the same file again later without a false "newer on disk", and a remote change after a save is still caught', async () => {
    const uri = files.uri(id, 'src/app.py');
    // The text of the first save, also when this test runs alone.
    if ((await serverCopy(id, 'src/app.py', diskRoot)) !== FIRST_SAVE) await remoteWrite(id, 'src/app.py', FIRST_SAVE);
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    await untilServerTimePasses(id, 'src/app.py'); // the server's time of the last save is older than its next upload
    await editor.edit((e) => e.insert(new vscode.Position(2, 0), 'print("second save")\n'));
    await clearEmulatorRequests();
    const secondSaved = await doc.save();
    const secondSent = await emulatorRequests();
    assert.equal(
      secondSaved,
      true,
      `the second save goes through (requests: ${JSON.stringify(secondSent.map((r) => `${r.method} ${r.url.split('?')[0]} ${r.status}`))}; ` +
        `changes seen: ${JSON.stringify(files.changes)}; dirty after: ${doc.isDirty})`,
    );
    assert.equal(await serverCopy(id, 'src/app.py', diskRoot), 'print("hello")\nprint("saved from VS Code")\nprint("second save")\n');

    await untilServerTimePasses(id, 'src/app.py');
    await untilSaveAsksServer('src/app.py');
    await remoteWrite(id, 'src/app.py', 'print("rewritten in the workspace terminal")\n');
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '# third edit\n'));
    assert.equal(await doc.save(), false, 'VS Code refuses to overwrite the newer remote file');
    assert.equal(doc.isDirty, true, 'the edit stays in the editor');
    assert.equal(await serverCopy(id, 'src/app.py', diskRoot), 'print("rewritten in the workspace terminal")\n', 'the remote change is not lost');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await remoteWrite(id, 'src/app.py', FIRST_SAVE);
  });

  it('a change made elsewhere while the file is open gives the conflict, and the remote text survives', async () => {
    const uri = files.uri(id, 'src/other.py');
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    await untilServerTimePasses(id, 'src/other.py');
    await untilSaveAsksServer('src/other.py');
    await remoteWrite(id, 'src/other.py', 'x = 2  # changed in the workspace terminal\n');
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '# local edit\n'));
    const saved = await doc.save();
    assert.equal(saved, false, 'VS Code refuses to overwrite the newer remote file');
    assert.equal(doc.isDirty, true, 'the edit stays in the editor');
    assert.equal(await serverCopy(id, 'src/other.py', diskRoot), 'x = 2  # changed in the workspace terminal\n', 'the remote change is not lost');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('refuses a 17 MiB file before sending anything', async () => {
    await clearEmulatorRequests();
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(files.uri(id, 'big.bin'), new Uint8Array(17 * MIB))), /16 MiB/);
    const posts = (await emulatorRequests()).filter((r) => r.method === 'POST');
    assert.deepEqual(posts, [], 'no upload was attempted');
  });

  it('shows a file without the write bit as read-only and does not upload it', async () => {
    const uri = files.uri(id, 'readonly.txt');
    const stat = await vscode.workspace.fs.stat(uri);
    assert.equal((stat.permissions ?? 0) & vscode.FilePermission.Readonly, vscode.FilePermission.Readonly);
    await clearEmulatorRequests();
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from('changed\n'))), /read-only/);
    assert.deepEqual(
      (await emulatorRequests()).filter((r) => r.method === 'POST'),
      [],
    );
  });

  it('refuses creating folders, deleting and renaming with a reason', async () => {
    // NoPermissions, the code VS Code shows as "not allowed", with the sentence that says why.
    const why = (err: vscode.FileSystemError) => {
      assert.equal(err.code, 'NoPermissions', String(err));
      assert.match(err.message, /no API call to create, delete or rename/);
      return true;
    };
    const before = await serverCopy(id, 'src/app.py', diskRoot);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.createDirectory(files.uri(id, 'newdir'))), why);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.delete(files.uri(id, 'src/app.py'))), why);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.rename(files.uri(id, 'src/app.py'), files.uri(id, 'src/renamed.py'))), why);
    assert.equal(await serverCopy(id, 'src/app.py', diskRoot), before, 'nothing changed');
  });

  it('a new file needs an existing folder, and says so', async () => {
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(files.uri(id, 'nowhere/new.py'), Buffer.from('x\n'))), /folder|create/i);
    await vscode.workspace.fs.writeFile(files.uri(id, 'src/new.py'), Buffer.from('print("new")\n'));
    assert.equal(await serverCopy(id, 'src/new.py', diskRoot), 'print("new")\n');
  });

  it('with the change poll on, a remote change reaches the clean editor that shows the file; nothing is polled once none shows', async () => {
    const settings = vscode.workspace.getConfiguration('sphereEngine.workspaceFiles');
    await remoteWrite(id, 'src/shown.py', 'v = 1\n');
    try {
      await settings.update('pollIntervalSeconds', 5, vscode.ConfigurationTarget.Global);
      const doc = await vscode.workspace.openTextDocument(files.uri(id, 'src/shown.py'));
      await vscode.window.showTextDocument(doc);
      assert.equal(doc.getText(), 'v = 1\n');
      await untilServerTimePasses(id, 'src/shown.py');
      const remote = 'v = 2  # changed in the workspace terminal while the file is shown\n';
      await remoteWrite(id, 'src/shown.py', remote);
      // One poll round (5 s) finds the new time and size; VS Code reloads the clean editor. The
      // poll runs only while the window has focus: a host whose window has none (a desktop run
      // under a virtual display may start so) gets the round the timer would have run.
      if (!vscode.window.state.focused) {
        console.log('    the window has no focus: running the poll round directly');
        await files.pollOnce();
      }
      await waitFor(() => doc.getText() === remote, { timeoutMs: 20_000, intervalMs: 250, what: `the editor to show the remote text (it shows ${JSON.stringify(doc.getText())})` });
      assert.equal(doc.isDirty, false);

      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // With no workspace file shown the poll sets no timer: once no round is due or running,
      // nothing more is listed.
      await waitFor(() => !files.pollActive(), { what: 'the change poll to stop' });
      await clearEmulatorRequests();
      assert.equal(files.pollActive(), false, 'the poll stays stopped');
      const listings = (await emulatorRequests()).filter((r) => /list_files/.test(r.url));
      assert.deepEqual(
        listings.map((r) => r.url),
        [],
        'the poll listed folders while no workspace file was shown',
      );
    } finally {
      await settings.update('pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a stopped workspace offers to resume, and the retry works once it runs', async () => {
    // What this test reads, also when it runs alone; through the editor's side, so the cached
    // listing knows it (a file made remotely shows once its folder is listed again).
    await vscode.workspace.fs.writeFile(files.uri(id, 'src/new.py'), Buffer.from('print("new")\n'));
    await call('PUT', `/workspaces/${id}/stop`);
    await waitFor(async () => (await workspaceState(id)) === 3, { what: 'the workspace to stop' });
    const before = files.resumeOffers.length;
    await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(files.uri(id, 'src/new.py'))), /not running/);
    const offer = files.resumeOffers[before];
    assert.ok(offer, 'a resume offer was shown');
    assert.equal(offer.workspaceId, id);
    assert.ok(offer.buttons.includes('Resume Workspace and Retry'), `buttons: ${offer.buttons.join(', ')}`);
    assert.equal(await files.resumeAndRetry(id), true, 'the resume succeeds');
    assert.equal(Buffer.from(await vscode.workspace.fs.readFile(files.uri(id, 'src/new.py'))).toString(), 'print("new")\n');
  });

  it('an edit saved while the workspace is stopped stays in the editor, and "Resume Workspace and Retry" saves it', async () => {
    const messages = new MessageCapture();
    messages.install();
    try {
      // Made through the editor's side: a file made remotely shows once its folder is listed again.
      await vscode.workspace.fs.writeFile(files.uri(id, 'src/resumed.py'), Buffer.from('r = 1\n'));
      const doc = await vscode.workspace.openTextDocument(files.uri(id, 'src/resumed.py'));
      const editor = await vscode.window.showTextDocument(doc);
      const before = doc.getText();
      assert.equal(before, 'r = 1\n');
      await call('PUT', `/workspaces/${id}/stop`);
      await waitFor(async () => (await workspaceState(id)) === 3, { what: 'the workspace to stop' });
      await editor.edit((e) => e.insert(new vscode.Position(0, 0), '# saved once the workspace runs again\n'));
      // The person presses the offer's button; the save itself fails now and the edit stays.
      messages.press('Resume Workspace and Retry');
      assert.equal(await doc.save(), false, 'a save into a stopped workspace cannot succeed');
      const offer = messages.shown.find((m) => m.buttons.includes('Resume Workspace and Retry'));
      assert.ok(offer, `no resume offer among ${JSON.stringify(messages.shown)}`);
      assert.match(offer.text, /not running/);
      // Resumed in the spec's 5 s rhythm, then the dirty document is saved by the retry.
      await waitFor(() => !doc.isDirty, { timeoutMs: 60_000, intervalMs: 500, what: 'the retry to save the document' });
      assert.equal(await workspaceState(id), 2, 'the workspace runs again');
      assert.equal(await serverCopy(id, 'src/resumed.py', diskRoot), `# saved once the workspace runs again\n${before}`);
    } finally {
      messages.uninstall();
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });
});
