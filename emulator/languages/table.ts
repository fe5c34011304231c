// The language table. Ids, names and short names follow Sphere Engine's public language list;
// version names come from the toolchain really installed here. A language appears in
// GET /compilers only when its toolchain is found on this machine.
import * as path from 'node:path';
import { fixedEntry, filesWithExt, javaMainClass, javaSourceFileName, sourceWithMain } from './entry-rules';
import { javacOptions, jvmRunOptions, JVM_ENV } from './jvm-memory';
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

const C_FLAGS = ['-O2', '-pipe'];
/** Libraries go after the sources: the linker takes from a library only what the files before it need. */
const C_LIBS = ['-lm'];

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

/** A C or C++ dialect: every matching source file compiled by gcc/g++ into ./prog. */
function gccLanguage(id: number, name: string, short: string, lang: 'c' | 'cpp', std: string): LanguageDefinition {
  const ext = lang === 'cpp' ? '.cpp' : '.c';
  const rule = `a ${ext} file containing function main`;
  return {
    id,
    name,
    short,
    highlighters: lang === 'cpp' ? hl('c_cpp', 'cpp', 'cpp', 'text/x-c++src') : hl('c_cpp', 'c', 'c', 'text/x-csrc'),
    sourceFileName: single(`prog${ext}`),
    entryRule: rule,
    multiFile: true,
    findEntry: sourceWithMain(ext, rule),
    detect: gccFamily(lang === 'cpp' ? 'g++' : 'gcc'),
    install: lang === 'cpp' ? 'g++' : 'gcc',
    compile: (tc, _entry, files) => [
      tc.tools.main,
      `-std=${std}`,
      ...C_FLAGS,
      '-o',
      'prog',
      ...(lang === 'cpp' ? filesWithExt(files, '.cpp', '.cc', '.cxx') : filesWithExt(files, '.c')),
      ...C_LIBS,
    ],
    run: () => ['./prog'],
  };
}

/** An interpreted language: the entry is `file`, run as `<interpreter> file`. */
function scriptLanguage(
  id: number,
  name: string,
  short: string,
  highlighters: Highlighters,
  file: string,
  install: string,
  detect: () => Toolchain | null,
  extra: Partial<LanguageDefinition> = {},
): LanguageDefinition {
  return {
    id,
    name,
    short,
    highlighters,
    sourceFileName: single(file),
    entryRule: file,
    multiFile: true,
    findEntry: fixedEntry(file),
    detect,
    install,
    run: (tc, entry) => [tc.tools.main, entry],
    ...extra,
  };
}

const PYTHON_ENV = () => ({ PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' });

export const LANGUAGES: LanguageDefinition[] = [
  gccLanguage(1, 'C++', 'CPP', 'cpp', 'gnu++17'),
  gccLanguage(44, 'C++14', 'CPP14', 'cpp', 'gnu++14'),
  gccLanguage(11, 'C', 'C', 'c', 'gnu11'),
  scriptLanguage(116, 'Python 3', 'PYTHON3', hl('python', 'python'), 'prog.py', 'python3', detectPython('python3', 'CPython'), { env: PYTHON_ENV }),
  scriptLanguage(4, 'Python', 'PYTHON', hl('python', 'python'), 'prog.py', 'python2', detectPython('python2', 'CPython'), { env: PYTHON_ENV }),
  scriptLanguage(99, 'Python (PyPy)', 'PYPY', hl('python', 'python'), 'prog.py', 'pypy3', detectPython('pypy3', 'PyPy')),
  scriptLanguage(56, 'Node.js', 'NODEJS', hl('javascript', 'javascript'), 'prog.js', 'node', simpleTool('node', ['--version'], 'node')),
  scriptLanguage(28, 'Bash', 'BASH', hl('sh', 'bash', 'shell', 'shell'), 'prog.sh', 'bash', simpleTool('bash', ['--version'], 'bash')),
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
    install: 'a JDK (javac and java)',
    compile: (tc, _entry, files, limits) => [tc.tools.javac, ...javacOptions(limits.memoryLimitKb), '-encoding', 'UTF-8', '-d', '.', ...filesWithExt(files, '.java')],
    // Heap and stacks sized from the memory limit, as a contest judge does (./jvm-memory.ts).
    run: (tc, entry, limits) => [tc.tools.java, ...jvmRunOptions(limits.memoryLimitKb), '-cp', '.', entry],
    env: () => ({ ...JVM_ENV }),
  },
  scriptLanguage(3, 'Perl', 'PERL', hl('perl', 'perl'), 'prog.pl', 'perl', simpleTool('perl', ['-e', 'print $^V'], 'perl')),
  scriptLanguage(17, 'Ruby', 'RUBY', hl('ruby', 'ruby'), 'prog.rb', 'ruby', simpleTool('ruby', ['--version'], 'ruby')),
  scriptLanguage(29, 'PHP', 'PHP', hl('php', 'php'), 'prog.php', 'php', simpleTool('php', ['--version'], 'php')),
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
    install: 'go',
    compile: (tc, _entry, files) => [
      tc.tools.main,
      'build',
      '-o',
      'prog',
      ...filesWithExt(
        files.filter((f) => !f.includes('/')),
        '.go',
      ),
    ],
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
    install: 'rustc',
    // Edition 2021 as contest judges compile it (rustc's default is still 2015).
    compile: (tc, entry) => [tc.tools.main, '--edition', '2021', '-O', '-o', 'prog', entry],
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
      for (const [cmd, args] of [
        ['gawk', ['--version']],
        ['mawk', ['-W', 'version']],
      ] as const) {
        const exe = which(cmd);
        const version = exe ? versionIn(probe(exe, [...args])) : null;
        if (exe && version) return { versionName: `${cmd} ${version}`, tools: { main: exe } };
      }
      return null;
    },
    install: 'gawk or mawk',
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
    install: 'cat (coreutils)',
    // Text "runs" by printing the source unchanged.
    run: (tc, entry) => [tc.tools.main, entry],
  },
];
