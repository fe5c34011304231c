// The folder `npm start` opens: a scratch copy of test/fixtures/workspace under .vscode-test/start/,
// never the tracked fixture itself (host and UI tests run it; with auto-save, trying Run Active File
// once edited sum.py in the repository). Edits in the copy survive restarts; --fresh copies again.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** Copies `fixture` to `<stateDir>/workspace` when missing (or always, with fresh); returns the copy. */
function prepareStartWorkspace({ stateDir, fixture, fresh }) {
  const folder = path.join(stateDir, 'workspace');
  if (fresh) fs.rmSync(folder, { recursive: true, force: true });
  if (!fs.existsSync(folder)) fs.cpSync(fixture, folder, { recursive: true });
  return folder;
}

/**
 * The copy lies inside this repository's checkout: without this user setting VS Code's git offers
 * to open the repository found in a parent folder (and would show the whole checkout's changes).
 * Other user settings stay; a settings.json that is not plain JSON (comments) is left alone.
 */
function keepGitToItself(userDataDir) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  let settings = {};
  if (fs.existsSync(file)) {
    try {
      settings = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      return;
    }
  }
  if (settings['git.openRepositoryInParentFolders'] === 'never') return;
  settings['git.openRepositoryInParentFolders'] = 'never';
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

module.exports = { prepareStartWorkspace, keepGitToItself };
