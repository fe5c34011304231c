// package.json's language `when` clauses are generated from src/core/languages/table.ts
// (scripts/manifest-languages.js, run by `npm run build`): the manifest and the table never differ.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LANGUAGES } from '../../src/core/languages';
import { REPO_ROOT } from '../repo-root';

interface ManifestLanguages {
  withLanguageIds(text: string, ids: string[]): { text: string; clauses: number };
  MANIFEST: string;
}
const generator = require(path.join(REPO_ROOT, 'scripts', 'manifest-languages.js')) as ManifestLanguages;

describe('package.json language clauses', () => {
  const manifest = fs.readFileSync(generator.MANIFEST, 'utf8');
  const tableIds = [...new Set(LANGUAGES.flatMap((l) => l.languageIds))];

  it('name exactly the language ids of the language table, in every clause (run npm run build)', () => {
    const { text, clauses } = generator.withLanguageIds(manifest, tableIds);
    assert.ok(clauses >= 6, `language clauses found: ${clauses}`);
    assert.equal(text, manifest, 'package.json differs from src/core/languages/table.ts: run `node scripts/manifest-languages.js`');
  });

  it('is what a drifted manifest is checked against: one id missing is found', () => {
    const drifted = manifest.replace('|pike)$/', ')$/').replace('(cpp|c|', '(cpp|');
    assert.notEqual(generator.withLanguageIds(drifted, tableIds).text, drifted);
  });
});
