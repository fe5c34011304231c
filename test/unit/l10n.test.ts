// Every message the code passes to vscode.l10n.t is in l10n/bundle.l10n.json (what translators
// start from), and every call passes a literal so that it can be found there.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';

const ROOT = REPO_ROOT;

interface L10nExport {
  collectMessages(files?: string[]): { messages: string[]; unextractable: string[] };
  bundleText(messages: string[]): string;
  BUNDLE_FILE: string;
}
const exporter = require(path.join(ROOT, 'scripts', 'l10n-export.js')) as L10nExport;

describe('l10n bundle', () => {
  const { messages, unextractable } = exporter.collectMessages();
  const bundle = JSON.parse(fs.readFileSync(exporter.BUNDLE_FILE, 'utf8')) as Record<string, string>;

  it('is declared in package.json', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { l10n?: string };
    assert.equal(manifest.l10n, './l10n');
  });

  it('has every l10n.t message of src/ (run node scripts/l10n-export.js)', () => {
    assert.ok(messages.length > 50, `only ${messages.length} messages found: is the code wrapped in vscode.l10n.t?`);
    assert.deepEqual(
      messages.filter((m) => !(m in bundle)),
      [],
    );
    assert.deepEqual(
      Object.keys(bundle).filter((m) => !messages.includes(m)),
      [],
      'messages no code uses any more',
    );
  });

  it('is exactly what the export script writes', () => {
    assert.equal(fs.readFileSync(exporter.BUNDLE_FILE, 'utf8'), exporter.bundleText(messages));
  });

  it('finds only literal messages in the code', () => {
    assert.deepEqual(unextractable, []);
  });

  it('keeps the api and core layers free of l10n (they return English texts)', () => {
    const layerFiles = (dir: string): string[] =>
      fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => path.join(dir, f));
    for (const layer of ['api', 'core']) {
      const { messages: inLayer } = exporter.collectMessages(layerFiles(path.join(ROOT, 'src', layer)));
      assert.deepEqual(inLayer, [], `src/${layer} calls l10n.t`);
    }
  });

  it('notices literal, template and non-literal messages', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'l10n-'));
    try {
      const file = path.join(dir, 'sample.ts');
      fs.writeFileSync(file, "vscode.l10n.t('Hello {0}', name);\nl10n.t(`Plain`);\nvscode.l10n.t(message);\n");
      const found = exporter.collectMessages([file]);
      assert.deepEqual(found.messages, ['Hello {0}', 'Plain']);
      assert.equal(found.unextractable.length, 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
