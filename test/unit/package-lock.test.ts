// package-lock.json's root entry must say what package.json says, field for field, or `npm install`
// on a fresh clone rewrites it and the working tree is dirty before anyone touched it (issue 40,
// item 6: the `bin` entry was missing). npm copies these fields of package.json into the lock.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';

const ROOT = REPO_ROOT;
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;

/** The fields of package.json that npm records in the lock's root package. */
const MIRRORED = ['name', 'version', 'license', 'bin', 'dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'engines'] as const;

describe('package-lock.json matches package.json (a fresh clone stays clean after npm install)', () => {
  it('has the root package as package.json declares it', () => {
    const manifest = read('package.json');
    const lock = read('package-lock.json') as { name?: string; version?: string; packages?: Record<string, Record<string, unknown>> };
    const root = lock.packages?.[''];
    assert.ok(root, 'package-lock.json has no root package: run `npm install` and commit the lock');
    assert.equal(lock.name, manifest.name);
    assert.equal(lock.version, manifest.version);
    for (const field of MIRRORED) {
      assert.deepEqual(root[field], manifest[field], `package-lock.json's root "${field}" differs from package.json's: run \`npm install\` and commit package-lock.json`);
    }
  });
});
