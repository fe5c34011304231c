// Where the VS Code host (Node 24 and code-server, about 800 MB) is cached, and how a cached copy
// is proven whole before it is used. The cache lives OUTSIDE the clone, in the user's cache folder
// (${XDG_CACHE_HOME:-~/.cache}/sphere-engine-vscode-host/<versions>), so every clone of this
// machine shares one install: a fresh clone (CI's included) finds it and is ready in seconds
// instead of the 3-4 minutes an install takes. SPHERE_HOST_CACHE still names a folder of its own.
//
// A cached install is trusted only when its manifest matches: the sha256 of every file's path and
// size (a file lost or cut short) and the sha256 of the contents of the files that matter most (the
// Node binary, code-server's entry points and its native modules). Anything else: wipe and redo.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const CODE_SERVER_VERSION = '4.139.1';
const NODE_MAJOR = '24';
/**
 * Bump when the install steps change, so old caches are redone. Recording the manifest did not
 * change them: an install of recipe 1 made before it (no manifest) is checked by its files only,
 * never wiped for that, as other clones may be running tests from it.
 */
const RECIPE = 1;
const CACHE_ENV = 'SPHERE_HOST_CACHE';

/** ${XDG_CACHE_HOME:-~/.cache}/sphere-engine-vscode-host: shared by every clone of this user. */
function cacheRoot(env = process.env, home = os.homedir()) {
  const xdg = env.XDG_CACHE_HOME;
  // The XDG spec ignores a relative XDG_CACHE_HOME.
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.cache');
  return path.join(base, 'sphere-engine-vscode-host');
}

/** The folder of this recipe's host: SPHERE_HOST_CACHE when set, else one per versions under cacheRoot(). */
function hostDir(env = process.env, home = os.homedir()) {
  if (env[CACHE_ENV]) return path.resolve(env[CACHE_ENV]);
  return path.join(cacheRoot(env, home), `code-server-${CODE_SERVER_VERSION}-node${NODE_MAJOR}-r${RECIPE}`);
}

function sha256File(file) {
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (let n; (n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0;) hash.update(buffer.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** Every regular file and link under `dir`, relative, sorted (links are listed, never followed). */
function listTree(dir) {
  const out = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/**
 * The manifest of the installed tree `dir/subdir`: counts, the sha256 of every entry's path and
 * size, and the content sha256 of `keyFiles` (absolute paths inside dir). About a second for the
 * 12,000 files of code-server: cheap enough to run before every test run.
 */
function treeManifest(dir, subdir, keyFiles) {
  const root = path.join(dir, subdir);
  const listing = crypto.createHash('sha256');
  let files = 0;
  let bytes = 0;
  for (const rel of listTree(root)) {
    const stat = fs.lstatSync(path.join(root, rel));
    const size = stat.isSymbolicLink() ? `-> ${fs.readlinkSync(path.join(root, rel))}` : String(stat.size);
    listing.update(`${rel}\0${size}\n`);
    files++;
    if (stat.isFile()) bytes += stat.size;
  }
  const keys = {};
  for (const file of keyFiles) keys[path.relative(dir, file)] = sha256File(file);
  return { files, bytes, listing: listing.digest('hex'), keys };
}

/** Why `recorded` does not match the tree now (undefined when it does). */
function manifestMismatch(dir, subdir, keyFiles, recorded) {
  if (!recorded || typeof recorded !== 'object') return 'no manifest recorded';
  let now;
  try {
    now = treeManifest(dir, subdir, keyFiles);
  } catch (err) {
    return `the tree cannot be read (${err.code ?? err.message})`;
  }
  if (now.files !== recorded.files) return `${recorded.files} files recorded, ${now.files} found`;
  if (now.listing !== recorded.listing) return 'a file changed size, or one was replaced by another';
  for (const [rel, sum] of Object.entries(now.keys)) {
    if (recorded.keys?.[rel] !== sum) return `${rel} does not match its recorded sha256`;
  }
  return undefined;
}

module.exports = { CODE_SERVER_VERSION, NODE_MAJOR, RECIPE, CACHE_ENV, cacheRoot, hostDir, treeManifest, manifestMismatch, sha256File };
