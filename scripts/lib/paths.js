// Where things live. The VS Code host (Node 24, code-server) is cached outside the clone, shared
// by every clone of this machine (lib/host-cache.js; SPHERE_HOST_CACHE names another folder);
// desktop VS Code and `npm start`'s state stay under .vscode-test/ (ignored by git).
const path = require('node:path');
const { hostDir } = require('./host-cache');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const HOST_DIR = hostDir();

module.exports = {
  REPO_ROOT,
  HOST_DIR,
  EXTENSION_ID: 'sphere-engine-community.sphere-engine',
  FIXTURE_WORKSPACE: path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'),
  HOST_TESTS_ENTRY: path.join(REPO_ROOT, 'out', 'test', 'host', 'index.js'),
  EMULATOR_MAIN: path.join(REPO_ROOT, 'out', 'emulator', 'main.js'),
  EXTENSION_BUNDLE: path.join(REPO_ROOT, 'dist', 'extension.js'),
  SCREENSHOT_DIR: path.join(REPO_ROOT, 'test-output', 'screenshots'),
};
