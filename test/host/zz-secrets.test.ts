// Runs last in the host suite (files run in name order): after every other host test has used
// the run's token, it must appear in no log file, output channel, settings file or state file the
// editor wrote. Tokens live in SecretStorage only. The runner's own stdout is scanned by
// scripts/test-host.js' caller (see RELIABILITY.md), not from in here.
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
    token = emulatorInfo().token;
    needles = [...new Set([token, encodeURIComponent(token)])];
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

  // DEFECT D8 (RELIABILITY.md): exports.problems.tree is the live ProblemsTree, which holds
  // `services`; through context.subscriptions it reaches the TokenStore's `known` map (every
  // module's token in plain text) and the Connection's emulator token. Any extension can read
  // another extension's exports. src/features/problems/index.ts should export functions that
  // wrap the tree, not the tree itself. Unskip once fixed.
  it.skip('not reachable from the extension\'s exports (what any other extension can read) (KNOWN DEFECT D8)', () => {
    const paths = pathsHolding(exported, token);
    assert.deepEqual(paths, [], `the token is reachable at ${paths.join(', ')}`);
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
    // Not scanned: <user-data>/coder.json. code-server stores the last workbench URL query there,
    // and scripts/lib/host-suite.js passes SPHERE_ENGINE_EMULATOR (with the token) in that URL:
    // a test-runner artifact, not the extension's doing (RELIABILITY.md, runner notes).
  });

  it('not in the settings the extension contributes (nothing token-like is a setting)', () => {
    const config = vscode.workspace.getConfiguration('sphereEngine');
    assert.ok(!JSON.stringify(config).includes(token));
  });
});
