// The test API (src/test-api.ts): no registry outside the extension's tests, and every hook a
// feature declares in TestHooks is one it registers (a declared hook never set would leave host
// tests reading undefined).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createTestHooks } from '../../src/test-api';
import { ROOT, SRC, sourceFiles } from './source-files';

describe('test API', () => {
  it('is absent outside ExtensionMode.Test, an empty registry under it', () => {
    assert.equal(createTestHooks(false), undefined);
    assert.deepEqual(createTestHooks(true), {});
  });

  it('has each declared hook registered, only when the registry exists, and no untyped exports', () => {
    const texts = sourceFiles(SRC).map((file) => ({ file: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }));
    const declared = texts.flatMap(({ text }) =>
      [...text.matchAll(/declare module '[^']*test-api'\s*\{\s*interface TestHooks\s*\{([^}]*)\}/g)].flatMap((m) => [...m[1].matchAll(/(\w+)\??:/g)].map((k) => k[1])),
    );
    assert.ok(declared.length >= 10, `declared hooks: ${declared.join(', ')}`);
    const assigned = new Set(texts.flatMap(({ text }) => [...text.matchAll(/\b(?:services\.testHooks|hooks)\.(\w+) =/g)].map((m) => m[1])));
    assert.deepEqual(
      declared.filter((k) => !assigned.has(k)),
      [],
      'declared in TestHooks but never registered',
    );
    // Every registration sits behind the registry's existence (a guard on the same line or a `hooks &&` block).
    const unguarded = texts.flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, i) => (/\bservices\.testHooks\.\w+ =/.test(line) && !/if \(services\.testHooks/.test(line) ? [`${file}:${i + 1}`] : [])),
    );
    assert.deepEqual(unguarded, []);
    assert.deepEqual(
      texts.filter(({ text }) => /\bservices\.exports\b|exports: Record<string, unknown>/.test(text)).map((t) => t.file),
      [],
    );
  });

  it('has every module that augments TestHooks imported by test/feature-hooks.ts, so the tests see every hook under tsc -b', () => {
    const augmenting = sourceFiles(SRC)
      .filter((file) => !file.endsWith(`${path.sep}test-api.ts`) && /declare module '[^']*test-api'/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file).split(path.sep).join('/').replace(/\.ts$/, ''));
    assert.ok(augmenting.length >= 10, `modules augmenting TestHooks: ${augmenting.join(', ')}`);
    const hooksFile = fs.readFileSync(path.join(ROOT, 'test', 'feature-hooks.ts'), 'utf8');
    const imported = new Set([...hooksFile.matchAll(/from '\.\.\/([^']+)'/g)].map((m) => m[1]));
    assert.deepEqual(
      augmenting.filter((m) => !imported.has(m)),
      [],
      'augments TestHooks but test/feature-hooks.ts does not import it',
    );
  });
});
