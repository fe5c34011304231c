import * as assert from 'node:assert/strict';
import { checkEntryFile, compilerIdForFileName, compilerIdForLanguageId, defaultFileName, LANGUAGES, languageForCompiler } from '../../../src/core/languages/table';

describe('core/languages', () => {
  it('maps VS Code language ids onto the compiler ids of the spec', () => {
    const expected: Record<string, number> = {
      cpp: 1,
      c: 11,
      python: 116,
      javascript: 56,
      shellscript: 28,
      java: 10,
      perl: 3,
      ruby: 17,
      php: 29,
      go: 114,
      rust: 93,
      haskell: 21,
      lua: 26,
      csharp: 27,
      pascal: 22,
      r: 117,
    };
    for (const [languageId, compilerId] of Object.entries(expected)) {
      assert.equal(compilerIdForLanguageId(languageId), compilerId, languageId);
    }
    assert.equal(compilerIdForLanguageId('plaintext'), undefined);
  });

  it('maps file extensions, case-insensitively, with sensible defaults for shared ones', () => {
    assert.equal(compilerIdForFileName('src/main.CPP'), 1);
    assert.equal(compilerIdForFileName('a.cc'), 1);
    assert.equal(compilerIdForFileName('prog.py'), 116, 'Python 3, not Python 2');
    assert.equal(compilerIdForFileName('prog.js'), 56, 'Node.js, not rhino');
    assert.equal(compilerIdForFileName('analysis.R'), 117);
    assert.equal(compilerIdForFileName('Main.java'), 10);
    assert.equal(compilerIdForFileName('README'), undefined);
    assert.equal(compilerIdForFileName('dir.v2/README'), undefined);
  });

  it('has one row per compiler id, and every row names an entry rule and default file', () => {
    const ids = LANGUAGES.map((l) => l.compilerId);
    assert.equal(new Set(ids).size, ids.length);
    for (const l of LANGUAGES) assert.ok(l.defaultFileName, `${l.name} has a default file name`);
    assert.equal(defaultFileName(116), 'prog.py');
    assert.equal(defaultFileName(10), 'Main.java');
    assert.equal(languageForCompiler(28)?.entry.kind, 'named');
  });

  describe('checkEntryFile', () => {
    const read =
      (files: Record<string, string>) =>
      (p: string): string => {
        const text = files[p];
        if (text === undefined) throw new Error(`unexpected read of ${p}`);
        return text;
      };

    it('accepts prog.py at the top level for Python 3', async () => {
      assert.equal(await checkEntryFile(116, ['prog.py', 'lib/util.py'], read({})), null);
    });

    it('names the missing prog.py, and points at one found deeper', async () => {
      assert.equal(await checkEntryFile(116, ['main.py'], read({})), 'Python 3 needs prog.py at the top level of the folder');
      assert.equal(
        await checkEntryFile(116, ['src/prog.py'], read({})),
        'Python 3 needs prog.py at the top level of the folder (found src/prog.py, which is not at the top level)',
      );
    });

    it('finds a .cpp file containing main for C++', async () => {
      const files = { 'util.cpp': 'int helper() { return 1; }', 'app.cpp': '#include "util.hpp"\nint main() { return helper(); }' };
      assert.equal(await checkEntryFile(1, ['util.cpp', 'app.cpp', 'util.hpp'], read(files)), null);
      assert.equal(await checkEntryFile(1, ['util.cpp'], read(files)), 'C++ needs a .cpp file containing function main at the top level of the folder');
    });

    it('finds a Java class with main, and a Go main package', async () => {
      const files = {
        'Main.java': 'public class Main {\n  public static void main(String[] args) {}\n}',
        'prog.go': 'package main\n\nfunc main() {}\n',
        'lib.go': 'package lib\nfunc main() {}',
      };
      assert.equal(await checkEntryFile(10, ['Main.java'], read(files)), null);
      assert.equal(await checkEntryFile(114, ['prog.go'], read(files)), null);
      assert.match((await checkEntryFile(114, ['lib.go'], read(files)))!, /Go needs a \.go file with function main in package main/);
    });

    it('leaves unknown compilers to the service', async () => {
      assert.equal(await checkEntryFile(9999, [], read({})), null);
    });
  });
});
