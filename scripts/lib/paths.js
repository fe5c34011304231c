// Where things live. Everything the host needs is cached under .vscode-test/ (ignored by git),
// next to what @vscode/test-electron downloads on machines with internet.
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
// SPHERE_HOST_CACHE moves the host elsewhere (e.g. a CI cache folder shared between checkouts).
const HOST_DIR = process.env.SPHERE_HOST_CACHE
  ? path.resolve(process.env.SPHERE_HOST_CACHE)
  : path.join(REPO_ROOT, '.vscode-test', 'code-server');

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
