// `npm start` opens a scratch copy of the sample folder (scripts/lib/start-workspace.js), never the
// tracked test/fixtures/workspace that host and UI tests run: with auto-save, trying Run Active File
// once edited sum.py in the repository.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';

interface StartWorkspace {
  prepareStartWorkspace(o: { stateDir: string; fixture: string; fresh: boolean }): string;
  keepGitToItself(userDataDir: string): void;
}
const lib = require(path.resolve(REPO_ROOT, 'scripts', 'lib', 'start-workspace.js')) as StartWorkspace;

describe('npm start: the scratch workspace', () => {
  let root: string;
  let fixture: string;
  let stateDir: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'se-start-ws-'));
    fixture = path.join(root, 'fixture');
    stateDir = path.join(root, 'state');
    fs.mkdirSync(path.join(fixture, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(fixture, 'sum.py'), 'print(1)\n');
    fs.writeFileSync(path.join(fixture, 'sub', 'sum.in'), '1 2\n');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('opens a copy of the fixture, keeps edits between starts and resets them with --fresh', () => {
    const folder = lib.prepareStartWorkspace({ stateDir, fixture, fresh: false });
    assert.equal(folder, path.join(stateDir, 'workspace'));
    assert.equal(fs.readFileSync(path.join(folder, 'sub', 'sum.in'), 'utf8'), '1 2\n');

    fs.writeFileSync(path.join(folder, 'sum.py'), 'print(2)\n');
    fs.writeFileSync(path.join(folder, 'new.py'), '');
    assert.equal(fs.readFileSync(path.join(fixture, 'sum.py'), 'utf8'), 'print(1)\n', 'the fixture is untouched');
    lib.prepareStartWorkspace({ stateDir, fixture, fresh: false });
    assert.equal(fs.readFileSync(path.join(folder, 'sum.py'), 'utf8'), 'print(2)\n', 'edits survive a restart');

    lib.prepareStartWorkspace({ stateDir, fixture, fresh: true });
    assert.equal(fs.readFileSync(path.join(folder, 'sum.py'), 'utf8'), 'print(1)\n');
    assert.equal(fs.existsSync(path.join(folder, 'new.py')), false, '--fresh starts from the fixture again');
  });

  it('keeps the repository around the copy away from VS Code git, other user settings kept', () => {
    const userDataDir = path.join(stateDir, 'web', 'user-data');
    lib.keepGitToItself(userDataDir);
    const settingsFile = path.join(userDataDir, 'User', 'settings.json');
    assert.deepEqual(JSON.parse(fs.readFileSync(settingsFile, 'utf8')), { 'git.openRepositoryInParentFolders': 'never' });

    fs.writeFileSync(settingsFile, JSON.stringify({ 'editor.fontSize': 20, 'git.openRepositoryInParentFolders': 'always' }));
    lib.keepGitToItself(userDataDir);
    assert.deepEqual(JSON.parse(fs.readFileSync(settingsFile, 'utf8')), { 'editor.fontSize': 20, 'git.openRepositoryInParentFolders': 'never' });
  });
});
