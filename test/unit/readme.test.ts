// README.md's commands and settings tables are generated from package.json by
// scripts/readme-tables.js; this fails when someone changed the manifest and forgot to run it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';

const ROOT = REPO_ROOT;

interface ReadmeTables {
  readManifest(root?: string): { contributes: { commands: { command: string }[]; configuration: { properties: Record<string, unknown> } } };
  updateReadme(readme: string, manifest: unknown): string;
}
const tables = require(path.join(ROOT, 'scripts', 'readme-tables.js')) as ReadmeTables;

describe('README.md', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const manifest = tables.readManifest(ROOT);

  it('has the commands and settings tables as package.json describes them (run node scripts/readme-tables.js)', () => {
    assert.equal(readme, tables.updateReadme(readme, manifest));
  });

  it('lists every command and every setting', () => {
    for (const { command } of manifest.contributes.commands) assert.ok(readme.includes(`\`${command}\``), `${command} missing`);
    for (const key of Object.keys(manifest.contributes.configuration.properties)) assert.ok(readme.includes(`\`${key}\``), `${key} missing`);
  });

  it('shows the manifest texts, not their %placeholders%', () => {
    const generated = readme.slice(readme.indexOf('<!-- commands:start -->'), readme.indexOf('<!-- settings:end -->'));
    assert.doesNotMatch(generated, /%[\w.]+%/);
  });

  it('only shows screenshots that exist', () => {
    for (const [, file] of readme.matchAll(/!\[[^\]]*\]\(([^)\s]+\.png)\)/g)) {
      assert.ok(fs.existsSync(path.join(ROOT, file)), `README.md shows ${file}, which is missing (the walkthrough UI test takes it)`);
    }
  });

  it('notices a table that is out of date', () => {
    const stale = readme.replace(/\| `sphereEngine\.[^`]+` \|/, '| `sphereEngine.renamed` |');
    assert.notEqual(stale, readme, 'the README has no table row to spoil');
    assert.notEqual(tables.updateReadme(stale, manifest), stale);
  });

  it('names every folder under src/features in its Architecture section', () => {
    const start = readme.indexOf('### Architecture');
    assert.ok(start >= 0, 'no Architecture section');
    const section = readme.slice(start, readme.indexOf('\n## ', start) >= 0 ? readme.indexOf('\n## ', start) : undefined);
    const features = fs
      .readdirSync(path.join(ROOT, 'src', 'features'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    assert.ok(features.length >= 10, `feature folders: ${features.join(', ')}`);
    assert.deepEqual(
      features.filter((name) => !section.includes(`\`${name}\``)),
      [],
      'feature folders the README does not name',
    );
  });
});
