// The extension as users get it: packed into a VSIX by vsce and installed into an extensions folder
// with code-server's --install-extension (the same path as "Install from VSIX…"), instead of the
// development link the other UI tests use. Catches what a link hides: files left out by
// .vscodeignore, manifest texts missing from package.nls.json, a VSIX that does not install.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { EXTENSION_ID, REPO_ROOT } = require('./paths');

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(args[0] ?? command)} exited ${code}:\n${output.slice(-4000)}`))));
  });
}

/**
 * Packs the current build (dist/ must exist: `npm run build`, or `npm run package` for the
 * minified one) into `outFile` with the same vsce options as `npm run package`.
 */
async function packageVsix(outFile) {
  const vsce = require.resolve('@vscode/vsce/vsce', { paths: [REPO_ROOT] });
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  await run(process.execPath, [vsce, 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', outFile], { cwd: REPO_ROOT });
  return outFile;
}

/** Installs `vsixFile` into `extensionsDir` with code-server, as a user would; returns the installed folder. */
async function installVsix(host, vsixFile, { extensionsDir, userDataDir }) {
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(userDataDir, { recursive: true });
  const output = await run(host.nodeBin, [host.codeServerEntry, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', vsixFile], {
    env: host.env(),
  });
  const installed = fs.readdirSync(extensionsDir).find((name) => name.startsWith(`${EXTENSION_ID}-`));
  if (!installed) throw new Error(`code-server did not install ${vsixFile}:\n${output}`);
  const folder = path.join(extensionsDir, installed);
  if (fs.lstatSync(folder).isSymbolicLink()) throw new Error(`${folder} is a link, not an installed copy`);
  return folder;
}

module.exports = { packageVsix, installVsix };
