// Runs last in the host suite (test/host/index.ts adds it after every other file, whatever their
// names): after every other host test has used the run's token, it must appear in no log file,
// output channel, settings file or state file the editor wrote, and it is not reachable from the
// extension's exports. Tokens live in SecretStorage
// only. The runner's own output is scanned by the runner itself (scripts/lib/token-guard.js).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, emulatorInfo, workspaceFolder } from './helpers';

interface Exports {
  connection: { logUri: vscode.Uri; globalStorageUri: vscode.Uri };
  compilers?: { outputText(): string };
  containersSubmit?: { outputText(): string };
}

const MAX_SCANNED_FILE = 64 * 1024 * 1024;

/** Property paths from `root` to any string holding `secret` (own fields, Maps, Sets, arrays). */
function pathsHolding(root: unknown, secret: string): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, at: string, depth: number) => {
    if (typeof value === 'string') {
      if (value.includes(secret)) found.push(at);
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value) || depth > 12 || found.length > 10) return;
    seen.add(value);
    if (value instanceof Map) {
      for (const [k, v] of value) visit(v, `${at}.get(${String(k)})`, depth + 1);
      return;
    }
    if (value instanceof Set) {
      for (const v of value) visit(v, `${at}.<set>`, depth + 1);
      return;
    }
    for (const key of Object.getOwnPropertyNames(value)) {
      let v: unknown;
      try {
        v = (value as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      visit(v, `${at}.${key}`, depth + 1);
    }
  };
  visit(root, 'exports', 0);
  return found;
}

/**
 * Property paths from `root` to any object that is not plain data: what another extension could
 * use to walk into live feature objects (services, the context, the token store). Plain objects,
 * arrays, functions (their closures cannot be read) and Uris are fine.
 */
function liveObjectsIn(root: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const plainPrototypes = new Set<unknown>([Object.prototype, Array.prototype, null]);
  const visit = (value: unknown, at: string, depth: number) => {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value) || depth > 12) return;
    seen.add(value);
    if (value instanceof vscode.Uri) return;
    // Any function (async ones have their own prototype); a function's own `prototype` object is plain.
    if (typeof value !== 'function' && !plainPrototypes.has(Object.getPrototypeOf(value))) {
      found.push(`${at} (${(value as { constructor?: { name?: string } }).constructor?.name ?? 'object'})`);
      return;
    }
    for (const key of Object.getOwnPropertyNames(value)) {
      let v: unknown;
      try {
        v = (value as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      visit(v, `${at}.${key}`, depth + 1);
    }
  };
  visit(root, 'exports', 0);
  return found;
}

/** Every file under `root` whose bytes contain `needle` (plain or URL-encoded). */
function filesContaining(root: string, needles: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        try {
          if (fs.statSync(full).size > MAX_SCANNED_FILE) continue;
          const bytes = fs.readFileSync(full);
          if (needles.some((n) => bytes.includes(n))) found.push(full);
        } catch {
          // unreadable or gone while walking: nothing to scan
        }
      }
    }
  };
  walk(root);
  return found;
}

describe('zz secrets: the token appears nowhere after a full host run', function () {
  this.timeout(120_000);
  let exported: Exports;
  let token: string;
  let needles: string[];

  before(async () => {
    exported = await activateExtension<Exports>();
    const { readOnlyToken } = emulatorInfo();
    token = emulatorInfo().token;
    // The read-only token too: the problem folder tests push with it.
    needles = [...new Set([token, readOnlyToken ?? token].flatMap((t) => [t, encodeURIComponent(t)]))];
  });

  it('the scan finds a token when there is one (the check can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-selftest-'));
    try {
      fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'a', 'b', 'x.log'), `GET /x?access_token=${token}`);
      assert.equal(filesContaining(dir, needles).length, 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // D8 (RELIABILITY.md, fixed): exports.problems.tree was the live ProblemsTree, which held
  // `services`; through context.subscriptions it reached every module's token (TokenStore) and the
  // Connection's emulator token. Any extension can read another extension's exports.
  it("not reachable from the extension's exports (what any other extension can read)", () => {
    const paths = pathsHolding(exported, token);
    assert.deepEqual(paths, [], `the token is reachable at ${paths.join(', ')}`);
  });

  it('the exports hold plain functions and data only, no live feature object', () => {
    assert.deepEqual(liveObjectsIn(exported), []);
  });

  it('the exports scan finds a token and a live object when there is one (the checks can fail)', () => {
    class Holder {
      constructor(readonly secrets: Map<string, string>) {}
    }
    const planted = { feature: { tree: new Holder(new Map([['problems', token]])) } };
    assert.deepEqual(pathsHolding(planted, token), ['exports.feature.tree.secrets.get(problems)']);
    assert.deepEqual(liveObjectsIn(planted), ['exports.feature.tree (Holder)']);
  });

  it('not in any output channel the features expose', () => {
    for (const [name, text] of [
      ['Sphere Engine Run', exported.compilers?.outputText() ?? ''],
      ['Submissions', exported.containersSubmit?.outputText() ?? ''],
    ]) {
      assert.ok(!needles.some((n) => text.includes(n)), `${name} shows the token`);
    }
  });

  it('not in any log file of this window (extension log, extension host, output channels)', () => {
    // logUri lies under <user-data>/logs/<session>/...; scan every session's logs.
    let logs = exported.connection.logUri.fsPath;
    while (path.basename(logs) !== 'logs' && path.dirname(logs) !== logs) logs = path.dirname(logs);
    assert.equal(path.basename(logs), 'logs', exported.connection.logUri.fsPath);
    assert.deepEqual(filesContaining(logs, needles), []);
  });

  it('not in user settings, workspace settings, global state or storage', () => {
    // globalStorageUri: <user-data-dir>/User/globalStorage/<extension>
    const userDir = path.resolve(exported.connection.globalStorageUri.fsPath, '..', '..');
    assert.ok(fs.existsSync(userDir), userDir);
    const settings = path.join(userDir, 'settings.json');
    if (fs.existsSync(settings)) assert.ok(!needles.some((n) => fs.readFileSync(settings, 'utf8').includes(n)), 'settings.json');
    const workspaceSettings = path.join(workspaceFolder().uri.fsPath, '.vscode', 'settings.json');
    if (fs.existsSync(workspaceSettings)) assert.ok(!needles.some((n) => fs.readFileSync(workspaceSettings, 'utf8').includes(n)), '.vscode/settings.json');
    assert.deepEqual(filesContaining(userDir, needles), []);
  });

  it("not in the rest of the user data folder (code-server's coder.json keeps the workbench URL)", () => {
    // R1 (RELIABILITY.md): the runner once passed the token in the workbench URL, which
    // code-server saves in <user-data>/coder.json. The token now reaches the extension host only
    // through the server's process environment.
    const userDataDir = path.resolve(exported.connection.globalStorageUri.fsPath, '..', '..', '..');
    const coderJson = path.join(userDataDir, 'coder.json');
    if (fs.existsSync(coderJson)) assert.ok(!needles.some((n) => fs.readFileSync(coderJson, 'utf8').includes(n)), 'coder.json');
    assert.deepEqual(filesContaining(userDataDir, needles), []);
  });

  it('not in the settings the extension contributes (nothing token-like is a setting)', () => {
    const config = vscode.workspace.getConfiguration('sphereEngine');
    assert.ok(!JSON.stringify(config).includes(token));
  });
});
