// The VS Code host cache (scripts/lib/host-cache.js, issue 31 item 24): outside the clone, one per
// versions under ${XDG_CACHE_HOME:-~/.cache}, so every clone (CI's fresh one too) shares it;
// SPHERE_HOST_CACHE still wins; an install is used only while its recorded manifest matches.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../../repo-root';

interface HostCache {
  CODE_SERVER_VERSION: string;
  NODE_MAJOR: string;
  cacheRoot(env: Record<string, string | undefined>, home: string): string;
  hostDir(env: Record<string, string | undefined>, home: string): string;
  treeManifest(dir: string, subdir: string, keyFiles: string[]): { files: number; bytes: number; listing: string; keys: Record<string, string> };
  manifestMismatch(dir: string, subdir: string, keyFiles: string[], recorded: unknown): string | undefined;
}
const ROOT = REPO_ROOT;
const cache = require(path.join(ROOT, 'scripts', 'lib', 'host-cache.js')) as HostCache;

describe('install-host: the shared host cache', () => {
  it('lives in the user cache folder, one folder per versions, outside any clone; SPHERE_HOST_CACHE wins', () => {
    const dir = cache.hostDir({}, '/home/ann');
    assert.equal(path.dirname(dir), '/home/ann/.cache/sphere-engine-vscode-host');
    assert.match(path.basename(dir), new RegExp(`code-server-${cache.CODE_SERVER_VERSION.replace(/\./g, '\\.')}-node${cache.NODE_MAJOR}-r\\d+$`));
    assert.equal(path.dirname(cache.hostDir({ XDG_CACHE_HOME: '/var/cache/ann' }, '/home/ann')), '/var/cache/ann/sphere-engine-vscode-host');
    // A relative XDG_CACHE_HOME is ignored, as the XDG spec says.
    assert.equal(cache.cacheRoot({ XDG_CACHE_HOME: 'rel' }, '/home/ann'), '/home/ann/.cache/sphere-engine-vscode-host');
    assert.equal(cache.hostDir({ SPHERE_HOST_CACHE: '/ci/host' }, '/home/ann'), '/ci/host');
    // paths.js takes it from there, not from the clone.
    const { HOST_DIR, REPO_ROOT } = require(path.join(ROOT, 'scripts', 'lib', 'paths.js')) as { HOST_DIR: string; REPO_ROOT: string };
    if (!process.env.SPHERE_HOST_CACHE) assert.equal(HOST_DIR.startsWith(REPO_ROOT + path.sep), false, HOST_DIR);
  });

  it('trusts an installed tree only while its manifest matches: a file lost, resized or changed redoes it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-host-cache-'));
    try {
      const tree = path.join(dir, 'node_modules');
      fs.mkdirSync(path.join(tree, 'a', 'b'), { recursive: true });
      const key = path.join(tree, 'a', 'node');
      fs.writeFileSync(key, 'binary-1');
      fs.writeFileSync(path.join(tree, 'a', 'b', 'x.js'), 'x');
      fs.symlinkSync('x.js', path.join(tree, 'a', 'b', 'link.js'));
      const recorded = cache.treeManifest(dir, 'node_modules', [key]);
      assert.equal(recorded.files, 3);
      assert.equal(cache.manifestMismatch(dir, 'node_modules', [key], recorded), undefined);
      assert.match(cache.manifestMismatch(dir, 'node_modules', [key], undefined) ?? '', /no manifest/);

      fs.writeFileSync(key, 'binary-2'); // same size, other content
      assert.match(cache.manifestMismatch(dir, 'node_modules', [key], recorded) ?? '', /a[\\/]node does not match its recorded sha256/);
      fs.writeFileSync(key, 'binary-1');
      fs.writeFileSync(path.join(tree, 'a', 'b', 'x.js'), 'xx');
      assert.match(cache.manifestMismatch(dir, 'node_modules', [key], recorded) ?? '', /changed size/);
      fs.rmSync(path.join(tree, 'a', 'b', 'x.js'));
      assert.match(cache.manifestMismatch(dir, 'node_modules', [key], recorded) ?? '', /3 files recorded, 2 found/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
