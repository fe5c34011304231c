// The C, C++ and Python programs kept as files beside their modules (scripts/program-files.js):
// `npm run compile` makes each one a module of out/ holding its text, esbuild inlines each one as
// text, and each compiles (or runs) with its toolchain where the machine has it.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cppJudgeSource } from '../../src/core/kattis/validator-cpp';
import { supervisorArgv } from '../../emulator/runner/supervisor-command';
import { useScratch } from '../scratch';
import { ROOT } from './source-files';

const { allProgramFiles } = require(path.join(ROOT, 'scripts', 'program-files.js')) as { allProgramFiles(): string[] };
const has = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const text = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

describe('program files', () => {
  const scratch = useScratch();
  const programs = allProgramFiles().map((rel) => rel.split(path.sep).join('/'));

  it('are the supervisors, the launcher, the validator adapters and the scoring judge', () => {
    for (const rel of [
      'emulator/runner/supervisor.c',
      'emulator/runner/launcher.c',
      'emulator/runner/supervisor.py',
      'src/core/kattis/validator-cpp-adapter.cpp',
      'src/core/kattis/validator-python-adapter.py',
      'src/core/kattis/scoring-judge.py',
    ]) {
      assert.ok(programs.includes(rel), `${rel} is not found as a program file: ${programs.join(', ')}`);
    }
  });

  it('are each a module of out/ whose default export is the file (npm run compile)', () => {
    for (const rel of programs) {
      const mod = require(path.join(ROOT, 'out', rel)) as { default: unknown };
      assert.equal(mod.default, text(rel), `out/${rel}.js is not ${rel}: run npm run compile`);
    }
  });

  it('are each inlined as text by the esbuild bundles', async function () {
    this.timeout(30_000);
    const esbuild = await import('esbuild');
    const { options } = require(path.join(ROOT, 'esbuild.js')) as { options: import('esbuild').BuildOptions };
    const contents = programs.map((rel, i) => `import p${i} from './${rel}';`).join('\n') + `\nmodule.exports = [${programs.map((_, i) => `p${i}`).join(', ')}];`;
    const result = await esbuild.build({
      stdin: { contents, resolveDir: ROOT, loader: 'ts' },
      bundle: true,
      format: 'cjs',
      platform: 'node',
      write: false,
      loader: options.loader,
      logLevel: 'silent',
    });
    const bundled = { exports: [] as string[] };
    new Function('module', result.outputFiles[0].text)(bundled);
    assert.deepEqual(bundled.exports, programs.map(text));
  });

  it('the C supervisor compiles with cc and reports a run', function () {
    this.timeout(60_000);
    if (!has('cc')) this.skip();
    const out = path.join(scratch('supervisor-'), 'supervisor');
    const cc = spawnSync('cc', ['-O2', '-o', out, path.join(ROOT, 'emulator/runner/supervisor.c')], { encoding: 'utf8' });
    assert.equal(cc.status, 0, cc.stderr);
    // The emulator's own command line for an unsandboxed run (supervisor-command.ts).
    const spec = { command: ['sh', '-c', 'exit 3'], cwd: ROOT, stdoutPath: '', stderrPath: '', timeLimitMs: 5000, outputLimitBytes: 1 << 20, maxProcesses: 8 };
    const [, ...argv] = supervisorArgv({ kind: 'c', path: out }, spec, { sandbox: { kind: 'none', description: '' }, hiddenPaths: [] }, { resultFd: 3, env: {}, sandboxed: false });
    const run = spawnSync(out, argv, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 10_000 });
    const report = JSON.parse(String(run.output[3]).trim().split('\n').pop()!) as { exitCode: number; timedOut: boolean };
    assert.equal(report.exitCode, 3, String(run.output[2]));
    assert.equal(report.timedOut, false);
  });

  it('the C launcher compiles with cc, warning-free', function () {
    this.timeout(60_000);
    if (!has('cc')) this.skip();
    const out = path.join(scratch('launcher-'), 'launcher');
    const cc = spawnSync('cc', ['-O2', '-Wall', '-Wextra', '-Werror', '-o', out, path.join(ROOT, 'emulator/runner/launcher.c')], { encoding: 'utf8' });
    assert.equal(cc.status, 0, cc.stderr);
    // Started by anything but the emulator it names, it does nothing: the emulator's death ends it.
    const run = spawnSync(out, ['--parent', '1'], { encoding: 'utf8', timeout: 10_000 });
    assert.equal(run.status, 0);
  });

  it('the Python programs compile with python3', function () {
    if (!has('python3')) this.skip();
    for (const rel of programs.filter((p) => p.endsWith('.py'))) {
      const check = spawnSync('python3', ['-c', 'import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")', path.join(ROOT, rel)], { encoding: 'utf8' });
      assert.equal(check.status, 0, `${rel}: ${check.stderr}`);
    }
  });

  it('the C++ validator adapter compiles, plain and interactive, with its places filled', function () {
    this.timeout(60_000);
    if (!has('g++')) this.skip();
    for (const interactive of [false, true]) {
      const source = cppJudgeSource({ marker: '// test', code: 'int kattis_validator_main(int, char **) { return 42; }', flags: ['case_sensitive'], interactive });
      assert.doesNotMatch(source, /\/\*@\w+@\*\//, 'a place is left unfilled');
      const file = path.join(scratch('adapter-'), 'judge.cpp');
      fs.writeFileSync(file, source);
      const gxx = spawnSync('g++', ['-std=gnu++17', '-fsyntax-only', file], { encoding: 'utf8' });
      assert.equal(gxx.status, 0, gxx.stderr);
    }
  });
});
