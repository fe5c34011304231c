// Parsers against real output captured from the tools (see fixtures/diagnostics/README.md).
// The programs were run in /tmp/diag/run/, so remote paths look like
// `/tmp/diag/run/prog.py` — the shape of an emulator run directory.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  alignColumn,
  createPathMapper,
  mapDiagnostics,
  parseDiagnostics,
  parseGccOutput,
  parseJavacOutput,
  parseJavaException,
  parseNodeError,
  parsePythonTraceback,
} from '../../../src/core/diagnostics';
import { fixturesDir } from './helpers';

const fixture = (name: string): string => readFileSync(path.join(fixturesDir, 'diagnostics', name), 'utf8');
const LOCAL = path.join(path.sep, 'home', 'me', 'project');

describe('core/diagnostics', () => {
  describe('gcc / clang', () => {
    it('reads errors and warnings of a C++ build, across an included header', () => {
      // Source: prog.cpp (missing ';' on line 4) including util.hpp (bad conversion, unused variable).
      const d = parseGccOutput(fixture('gcc-cpp-errors.txt'));
      assert.deepEqual(
        d.map((x) => [x.file, x.line, x.column, x.severity]),
        [
          ['util.hpp', 1, 42, 'error'],
          ['util.hpp', 1, 25, 'warning'],
          ['prog.cpp', 5, 5, 'error'],
        ],
      );
      assert.equal(d[0].message, 'invalid conversion from ‘const char*’ to ‘int’ [-fpermissive]');
      assert.equal(d[2].message, 'expected ‘,’ or ‘;’ before ‘std’');
    });

    it('reads a C build with a warning and an error', () => {
      const d = parseGccOutput(fixture('gcc-c-errors.txt'));
      assert.deepEqual(
        d.map((x) => [x.file, x.line, x.column, x.severity, x.message]),
        [
          ['prog.c', 5, 5, 'warning', 'implicit declaration of function ‘undefined_fn’ [-Wimplicit-function-declaration]'],
          ['prog.c', 6, 13, 'error', 'expected ‘;’ before ‘}’ token'],
        ],
      );
    });

    it('reads clang-style lines, fatal errors, lines without a column, and attaches notes', () => {
      const text = [
        "/home/user/workspace/src/a.c:3:10: fatal error: 'missing.h' file not found",
        'b.c:7: error: old style without column',
        'b.c:9:1: warning: unused [-Wunused]',
        'b.c:2:5: note: declared here',
      ].join('\n');
      const d = parseGccOutput(text);
      assert.deepEqual(d[0], { file: '/home/user/workspace/src/a.c', line: 3, column: 10, severity: 'error', message: "'missing.h' file not found", source: 'gcc' });
      assert.deepEqual([d[1].line, d[1].column], [7, undefined]);
      assert.deepEqual(d[2].related, [{ file: 'b.c', line: 2, column: 5, message: 'declared here' }]);
      assert.equal(d.length, 3);
    });
  });

  describe('python', () => {
    it('takes the innermost frame and the exception line', () => {
      const [d, ...rest] = parsePythonTraceback(fixture('python-runtime.txt'));
      assert.equal(rest.length, 0);
      assert.deepEqual([d.file, d.line, d.column, d.message], ['/tmp/diag/run/lib.py', 2, undefined, 'ZeroDivisionError: division by zero']);
      assert.deepEqual(
        d.stack?.map((f) => `${path.basename(f.file)}:${f.line}`),
        ['lib.py:2', 'prog.py:4', 'prog.py:6'],
      );
    });

    it('reads a SyntaxError with its caret column', () => {
      // Line 3 of prog.py is `        print("a"` (8 spaces); Python shows it re-indented by 4.
      const [d] = parsePythonTraceback(fixture('python-syntax.txt'));
      assert.deepEqual([d.file, d.line, d.message], ['/tmp/diag/run/prog.py', 3, "SyntaxError: '(' was never closed"]);
      assert.equal(d.column, 6, 'column counted from the first non-blank character');
      assert.equal(alignColumn(d, '        print("a"').column, 14, 'the "(" in the real line');
    });

    it('reads a TabError without a caret', () => {
      const [d] = parsePythonTraceback(fixture('python-indent.txt'));
      assert.deepEqual([d.line, d.column, d.message], [3, undefined, 'TabError: inconsistent use of tabs and spaces in indentation']);
    });

    it('lands on the user frame when the error is raised inside a library', () => {
      const raw = parsePythonTraceback(fixture('python-library.txt'));
      assert.match(raw[0].file, /json\/decoder\.py$/);
      const mapped = mapDiagnostics(raw, createPathMapper({ localRoot: LOCAL, localFiles: ['prog.py'] }));
      assert.equal(mapped.length, 1);
      assert.deepEqual([mapped[0].file, mapped[0].line], [path.join(LOCAL, 'prog.py'), 2]);
      assert.match(mapped[0].message, /^json\.decoder\.JSONDecodeError: Expecting property name/);
    });

    it('reports the last exception of a chained traceback', () => {
      const text = [
        'Traceback (most recent call last):',
        '  File "/home/user/workspace/a.py", line 2, in <module>',
        '    int("x")',
        "ValueError: invalid literal for int() with base 10: 'x'",
        '',
        'During handling of the above exception, another exception occurred:',
        '',
        'Traceback (most recent call last):',
        '  File "/home/user/workspace/a.py", line 4, in <module>',
        '    raise RuntimeError("wrapped")',
        'RuntimeError: wrapped',
      ].join('\n');
      const [d] = parsePythonTraceback(text);
      assert.deepEqual([d.line, d.message, d.stack?.length], [4, 'RuntimeError: wrapped', 1]);
    });

    it('returns nothing for output that is not a traceback', () => {
      assert.deepEqual(parsePythonTraceback('hello\nworld\n'), []);
    });
  });

  describe('node', () => {
    it('reads a runtime TypeError: header position, message and stack', () => {
      const [d] = parseNodeError(fixture('node-runtime.txt'));
      assert.deepEqual([d.file, d.line, d.column], ['/tmp/diag/run/prog.js', 2, 35]);
      assert.equal(d.message, "TypeError: Cannot read properties of undefined (reading 'length')");
      assert.deepEqual(
        d.stack?.slice(0, 3).map((f) => `${f.file}:${f.line}:${f.column}`),
        ['/tmp/diag/run/prog.js:2:35', '/tmp/diag/run/prog.js:2:16', '/tmp/diag/run/prog.js:5:13'],
      );
    });

    it('reads a SyntaxError header with its caret column', () => {
      const [d] = parseNodeError(fixture('node-syntax.txt'));
      assert.deepEqual([d.file, d.line, d.column, d.message], ['/tmp/diag/run/prog.js', 2, 11, "SyntaxError: Unexpected token '{'"]);
    });

    it('falls back to the first user frame when the header is not a user file', () => {
      const raw = parseNodeError(fixture('node-library.txt'));
      assert.equal(raw[0].file, '<anonymous_script>');
      const [d] = mapDiagnostics(raw, createPathMapper({ localRoot: LOCAL, localFiles: ['prog.js'] }));
      assert.deepEqual([d.file, d.line, d.column], [path.join(LOCAL, 'prog.js'), 1, 6]);
      assert.match(d.message, /^SyntaxError: Expected property name/);
    });

    it('understands file:// URLs of ES modules', () => {
      const text = 'Error: boom\n    at main (file:///home/user/workspace/src/m%20x.mjs:3:9)\n';
      const [d] = parseNodeError(text);
      assert.deepEqual([d.file, d.line, d.column], ['/home/user/workspace/src/m x.mjs', 3, 9]);
    });
  });

  describe('java', () => {
    it('reads javac errors with the caret column', () => {
      const d = parseJavacOutput(fixture('javac-errors.txt'));
      assert.deepEqual(d, [{ file: 'Main.java', line: 3, column: 18, severity: 'error', message: "';' expected", source: 'javac' }]);
    });

    it('reads a runtime exception and its frames', () => {
      const [d] = parseJavaException(fixture('java-runtime.txt'));
      assert.deepEqual([d.file, d.line, d.message], ['Main.java', 2, 'java.lang.ArithmeticException: / by zero']);
      assert.equal(d.stack?.length, 2);
    });

    it('is reachable through parseDiagnostics', () => {
      assert.equal(parseDiagnostics(fixture('javac-errors.txt'), 'java').length, 1);
      assert.equal(parseDiagnostics(fixture('gcc-c-errors.txt'), 'gcc').length, 2);
    });
  });

  describe('path mapping', () => {
    const mapper = createPathMapper({
      localRoot: LOCAL,
      localFiles: ['prog.cpp', 'src/util.py', 'util.py', 'solutions/two-sum.c'],
      aliases: { 'prog.c': 'solutions/two-sum.c' },
    });

    it('maps container, run-directory and bare paths onto local files', () => {
      assert.equal(mapper('/home/user/workspace/src/util.py'), path.join(LOCAL, 'src', 'util.py'));
      assert.equal(mapper('/tmp/se-run-42/prog.cpp'), path.join(LOCAL, 'prog.cpp'));
      assert.equal(mapper('prog.cpp'), path.join(LOCAL, 'prog.cpp'));
      assert.equal(mapper('./prog.cpp'), path.join(LOCAL, 'prog.cpp'));
    });

    it('prefers the longest matching tail', () => {
      assert.equal(mapper('/home/user/workspace/src/util.py'), path.join(LOCAL, 'src', 'util.py'));
      assert.equal(mapper('/home/user/workspace/util.py'), path.join(LOCAL, 'util.py'));
    });

    it('maps a renamed single file through an alias', () => {
      assert.equal(mapper('/tmp/run/prog.c'), path.join(LOCAL, 'solutions', 'two-sum.c'));
    });

    it('does not map unknown files', () => {
      assert.equal(mapper('/usr/include/stdio.h'), undefined);
      assert.equal(mapper('<stdin>'), undefined);
      assert.equal(mapper('../prog.cpp'), undefined);
    });

    it('drops diagnostics that land in no local file, keeps and rewrites the rest', () => {
      const text =
        '/usr/include/x.h:1:1: error: in a system header\n/tmp/run/prog.cpp:4:2: error: mine\n/tmp/run/prog.cpp:4:2: note: see also /usr/include/x.h\n/usr/include/x.h:9:1: note: declared here';
      const mapped = mapDiagnostics(parseGccOutput(text), mapper);
      assert.equal(mapped.length, 1);
      assert.deepEqual([mapped[0].file, mapped[0].line, mapped[0].column, mapped[0].message], [path.join(LOCAL, 'prog.cpp'), 4, 2, 'mine']);
      assert.deepEqual(
        mapped[0].related?.map((r) => r.line),
        [4],
        'the note in a system header is dropped',
      );
    });

    it('maps Python frames from the captured run directory', () => {
      const local = createPathMapper({ localRoot: LOCAL, localFiles: ['prog.py', 'lib.py'] });
      const [d] = mapDiagnostics(parsePythonTraceback(fixture('python-runtime.txt')), local);
      assert.deepEqual([d.file, d.line], [path.join(LOCAL, 'lib.py'), 2]);
    });
  });
});
