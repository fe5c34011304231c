// The language table. Ids, names and short names follow Sphere Engine's public language list;
// version names come from the toolchain really installed here. A language appears in
// GET /compilers only when its toolchain is found on this machine.
import * as path from 'node:path';
import { fixedEntry, filesWithExt, javaMainClass, javaSourceFileName, sourceWithMain } from './entry-rules';
import { probe, versionIn, which } from './probe';
import type { Highlighters, LanguageDefinition, Toolchain } from './types';

/** Highlighter ids: one per key of the spec, from the few names editors use. */
function hl(ace: string, common: string, monaco = common, codemirror = common): Highlighters {
  return {
    ace,
    geshi: common,
    pygments: common,
    highlights: common,
    rouge: common,
    codemirror,
    highlightjs: common,
    prism: common,
    monaco,
    code_prettify: common,
  };
}

/** A tool found on PATH whose version command answers; `name` prefixes the version text. */
function simpleTool(command: string, versionArgs: string[], name: string, pick = versionIn): () => Toolchain | null {
  return () => {
    const exe = which(command);
    if (!exe) return null;
    const version = pick(probe(exe, versionArgs));
    return version ? { versionName: `${name} ${version}`, tools: { main: exe } } : null;
  };
}

const gccFamily = (compiler: 'gcc' | 'g++') => () => {
  const exe = which(compiler);
  if (!exe) return null;
  const version = probe(exe, ['-dumpfullversion']);
  return version ? { versionName: `gcc ${version.trim()}`, tools: { main: exe } } : null;
};

const C_FLAGS = ['-O2', '-pipe', '-lm'];

/** Python: the real interpreter behind any version-manager shim (shims need a HOME the sandbox lacks). */
function detectPython(command: string, label: string): () => Toolchain | null {
  return () => {
    if (!which(command)) return null;
    const out = probe(command, ['-c', 'import sys, platform; print(sys.executable); print(platform.python_version())']);
    if (!out) return null;
    const [exe, version] = out.trim().split('\n');
    return exe && version ? { versionName: `${label} ${version.trim()}`, tools: { main: exe.trim() } } : null;
  };
}

/** rustc behind a rustup proxy: resolve the toolchain's own binary. */
function detectRust(): Toolchain | null {
  if (!which('rustc')) return null;
  const sysroot = probe('rustc', ['--print', 'sysroot'])?.trim();
  const exe = sysroot ? path.join(sysroot, 'bin', 'rustc') : which('rustc')!;
  const version = versionIn(probe(exe, ['--version']));
  return version ? { versionName: `rustc ${version}`, tools: { main: exe } } : null;
}

function detectJava(): Toolchain | null {
  const javac = which('javac');
  const java = which('java');
  if (!javac || !java) return null;
  const version = versionIn(probe(javac, ['-version']));
  return version ? { versionName: `OpenJDK ${version}`, tools: { javac, java } } : null;
}

const single = (name: string) => () => name;

export const LANGUAGES: LanguageDefinition[] = [
  {
    id: 1,
    name: 'C++',
    short: 'CPP',
    highlighters: hl('c_cpp', 'cpp', 'cpp', 'text/x-c++src'),
    sourceFileName: single('prog.cpp'),
    entryRule: 'a .cpp file containing function main',
    multiFile: true,
    findEntry: sourceWithMain('.cpp', 'a .cpp file containing function main'),
    detect: gccFamily('g++'),
    compile: (tc, _entry, files) => [tc.tools.main, '-std=gnu++17', ...C_FLAGS, '-o', 'prog', ...filesWithExt(files, '.cpp', '.cc', '.cxx')],
    run: () => ['./prog'],
  },
  {
    id: 44,
    name: 'C++14',
    short: 'CPP14',
    highlighters: hl('c_cpp', 'cpp', 'cpp', 'text/x-c++src'),
    sourceFileName: single('prog.cpp'),
    entryRule: 'a .cpp file containing function main',
    multiFile: true,
    findEntry: sourceWithMain('.cpp', 'a .cpp file containing function main'),
    detect: gccFamily('g++'),
    compile: (tc, _entry, files) => [tc.tools.main, '-std=gnu++14', ...C_FLAGS, '-o', 'prog', ...filesWithExt(files, '.cpp', '.cc', '.cxx')],
    run: () => ['./prog'],
  },
  {
    id: 11,
    name: 'C',
    short: 'C',
    highlighters: hl('c_cpp', 'c', 'c', 'text/x-csrc'),
    sourceFileName: single('prog.c'),
    entryRule: 'a .c file containing function main',
    multiFile: true,
    findEntry: sourceWithMain('.c', 'a .c file containing function main'),
    detect: gccFamily('gcc'),
    compile: (tc, _entry, files) => [tc.tools.main, '-std=gnu11', ...C_FLAGS, '-o', 'prog', ...filesWithExt(files, '.c')],
    run: () => ['./prog'],
  },
  {
    id: 116,
    name: 'Python 3',
    short: 'PYTHON3',
    highlighters: hl('python', 'python'),
    sourceFileName: single('prog.py'),
    entryRule: 'prog.py',
    multiFile: true,
    findEntry: fixedEntry('prog.py'),
    detect: detectPython('python3', 'CPython'),
    run: (tc, entry) => [tc.tools.main, entry],
    env: () => ({ PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' }),
  },
  {
    id: 4,
    name: 'Python',
    short: 'PYTHON',
    highlighters: hl('python', 'python'),
    sourceFileName: single('prog.py'),
    entryRule: 'prog.py',
    multiFile: true,
    findEntry: fixedEntry('prog.py'),
    detect: detectPython('python2', 'CPython'),
    run: (tc, entry) => [tc.tools.main, entry],
    env: () => ({ PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' }),
  },
  {
    id: 99,
    name: 'Python (PyPy)',
    short: 'PYPY',
    highlighters: hl('python', 'python'),
    sourceFileName: single('prog.py'),
    entryRule: 'prog.py',
    multiFile: true,
    findEntry: fixedEntry('prog.py'),
    detect: detectPython('pypy3', 'PyPy'),
    run: (tc, entry) => [tc.tools.main, entry],
  },
  {
    id: 56,
    name: 'Node.js',
    short: 'NODEJS',
    highlighters: hl('javascript', 'javascript'),
    sourceFileName: single('prog.js'),
    entryRule: 'prog.js',
    multiFile: true,
    findEntry: fixedEntry('prog.js'),
    detect: simpleTool('node', ['--version'], 'node'),
    run: (tc, entry) => [tc.tools.main, entry],
  },
  {
    id: 28,
    name: 'Bash',
    short: 'BASH',
    highlighters: hl('sh', 'bash', 'shell', 'shell'),
    sourceFileName: single('prog.sh'),
    entryRule: 'prog.sh',
    multiFile: true,
    findEntry: fixedEntry('prog.sh'),
    detect: simpleTool('bash', ['--version'], 'bash'),
    run: (tc, entry) => [tc.tools.main, entry],
  },
  {
    id: 10,
    name: 'Java',
    short: 'JAVA',
    highlighters: hl('java', 'java'),
    sourceFileName: javaSourceFileName,
    entryRule: 'a .java file with a class having method main',
    multiFile: true,
    findEntry: javaMainClass,
    detect: detectJava,
    compile: (tc, _entry, files) => [tc.tools.javac, '-encoding', 'UTF-8', '-d', '.', ...filesWithExt(files, '.java')],
    // Serial GC keeps the JVM's own footprint small; a big stack for recursive solutions.
    run: (tc, entry) => [tc.tools.java, '-XX:+UseSerialGC', '-Xss64m', '-cp', '.', entry],
  },
  {
    id: 3,
    name: 'Perl',
    short: 'PERL',
    highlighters: hl('perl', 'perl'),
    sourceFileName: single('prog.pl'),
    entryRule: 'prog.pl',
    multiFile: true,
    findEntry: fixedEntry('prog.pl'),
    detect: simpleTool('perl', ['-e', 'print $^V'], 'perl'),
    run: (tc, entry) => [tc.tools.main, entry],
  },
  {
    id: 17,
    name: 'Ruby',
    short: 'RUBY',
    highlighters: hl('ruby', 'ruby'),
    sourceFileName: single('prog.rb'),
    entryRule: 'prog.rb',
    multiFile: true,
    findEntry: fixedEntry('prog.rb'),
    detect: simpleTool('ruby', ['--version'], 'ruby'),
    run: (tc, entry) => [tc.tools.main, entry],
  },
  {
    id: 29,
    name: 'PHP',
    short: 'PHP',
    highlighters: hl('php', 'php'),
    sourceFileName: single('prog.php'),
    entryRule: 'prog.php',
    multiFile: true,
    findEntry: fixedEntry('prog.php'),
    detect: simpleTool('php', ['--version'], 'php'),
    run: (tc, entry) => [tc.tools.main, entry],
  },
  {
    id: 114,
    name: 'Go',
    short: 'GO',
    highlighters: hl('golang', 'go'),
    sourceFileName: single('prog.go'),
    entryRule: 'a .go file with function main in package main',
    multiFile: true,
    findEntry: sourceWithMain('.go', 'a .go file with function main in package main'),
    detect: simpleTool('go', ['version'], 'go'),
    compile: (tc, _entry, files) => [tc.tools.main, 'build', '-o', 'prog', ...filesWithExt(files.filter((f) => !f.includes('/')), '.go')],
    run: () => ['./prog'],
    env: () => ({ GOCACHE: '/tmp/go-cache', GOPATH: '/tmp/go', GO111MODULE: 'off' }),
  },
  {
    id: 93,
    name: 'Rust',
    short: 'RUST',
    highlighters: hl('rust', 'rust'),
    sourceFileName: single('prog.rs'),
    entryRule: 'prog.rs',
    multiFile: true,
    findEntry: fixedEntry('prog.rs'),
    detect: detectRust,
    compile: (tc, entry) => [tc.tools.main, '-O', '-o', 'prog', entry],
    run: () => ['./prog'],
  },
  {
    id: 104,
    name: 'AWK',
    short: 'AWK',
    highlighters: hl('text', 'awk'),
    sourceFileName: single('prog.awk'),
    entryRule: 'prog.awk',
    multiFile: true,
    findEntry: fixedEntry('prog.awk'),
    detect: () => {
      for (const [cmd, args] of [['gawk', ['--version']], ['mawk', ['-W', 'version']]] as const) {
        const exe = which(cmd);
        const version = exe ? versionIn(probe(exe, [...args])) : null;
        if (exe && version) return { versionName: `${cmd} ${version}`, tools: { main: exe } };
      }
      return null;
    },
    run: (tc, entry) => [tc.tools.main, '-f', entry],
  },
  {
    id: 62,
    name: 'Text',
    short: 'TXT',
    highlighters: hl('text', 'text', 'plaintext', 'text/plain'),
    sourceFileName: single('prog.txt'),
    entryRule: 'prog.txt',
    multiFile: false,
    findEntry: fixedEntry('prog.txt'),
    detect: simpleTool('cat', ['--version'], 'cat'),
    // Text "runs" by printing the source unchanged.
    run: (tc, entry) => [tc.tools.main, entry],
  },
];
