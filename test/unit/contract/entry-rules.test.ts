// The extension checks a folder's entry file before it sends a multi-file submission
// (src/core/languages/table.ts); the emulator picks the entry when it runs one
// (emulator/languages/table.ts, its own reading of the Compilers spec's "Multi-file mode" table).
// The two tables stay apart on purpose — the emulator must not agree with the client's mistakes by
// construction — so this test runs the same folders through both and fails where they disagree.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { LANGUAGES as EMULATOR_LANGUAGES } from '../../../emulator/languages/table';
import { checkEntryFile, languageForCompiler } from '../../../src/core/languages';

/** Text that every "a file containing main" rule of either table accepts, in any language. */
const WITH_MAIN = [
  'package main',
  'func main() {}',
  'int main() { return 0; }',
  'fn main() {}',
  'public class Main { public static void main(String[] args) {} }',
  'object Main',
  'class Prog { static void Main() {} }',
  'Module Prog',
  'Sub Main()',
  'End Module',
].join('\n');

/** Folders a person might send: the emulator's own entry name, another name, and the entry one folder down. */
function foldersFor(entryName: string): Record<string, string[]> {
  const ext = path.extname(entryName);
  return {
    'its own entry name': [entryName],
    'another top-level name': [`solution${ext || '.txt'}`],
    'the entry one folder down': [`src/${entryName}`],
  };
}

describe('contract: multi-file entry rules of the extension and the emulator', () => {
  const shared = EMULATOR_LANGUAGES.filter((l) => l.multiFile && languageForCompiler(l.id));

  it('covers the languages both sides know', () => {
    assert.ok(shared.length >= 10, `languages both tables hold: ${shared.map((l) => l.id).join(', ')}`);
  });

  // A language only the emulator knows (C++14): the extension has no row and lets the service decide.
  for (const language of shared) {
    it(`${language.name} (${language.id}): the extension accepts a folder exactly when the emulator finds its entry`, async () => {
      const entryName = language.sourceFileName(WITH_MAIN);
      for (const [what, names] of Object.entries(foldersFor(entryName))) {
        const files = new Map(names.map((n) => [n, Buffer.from(WITH_MAIN)]));
        const emulatorFinds = language.findEntry(files).ok;
        const extensionRefusal = await checkEntryFile(language.id, names, () => WITH_MAIN);
        assert.equal(
          extensionRefusal === null,
          emulatorFinds,
          `${what} (${names.join(', ')}): the emulator ${emulatorFinds ? 'runs it' : 'refuses it'}, the extension ${extensionRefusal === null ? 'sends it' : `refuses it: ${extensionRefusal}`}`,
        );
      }
    });
  }
});
