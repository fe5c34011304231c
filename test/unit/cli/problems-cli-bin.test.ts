// The problems CLI ships built (issue 31 item 22): package.json's `bin` names dist/problems-cli.js,
// esbuild.js builds it as a bundle of its own, `npm run problems` runs that file without tsc, and
// `--help` / `-h` / `help` print the usage and exit 0 (they were "Unknown command", exit 2).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { USAGE } from '../../../src/cli/problems';
import { runCli } from './run-cli';
import { REPO_ROOT } from '../../repo-root';

const ROOT = REPO_ROOT;

const run = runCli;

describe('problems CLI: shipped built, with --help', () => {
  it('answers --help, -h and help (alone or after a command) with the usage and exit 0', async () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['push', '--help']]) {
      assert.deepEqual(await run(argv), { code: 0, out: USAGE, err: '' }, argv.join(' '));
    }
    assert.match(USAGE, /sphere-problems pull/);
    assert.equal((await run(['bogus'])).code, 64, 'a usage error has its own code');
  });

  it('is a bin of its own, run by `npm run problems` without tsc', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { bin?: Record<string, string>; scripts: Record<string, string> };
    assert.deepEqual(pkg.bin, { 'sphere-problems': 'dist/problems-cli.js' });
    assert.doesNotMatch(pkg.scripts.problems, /tsc|compile/);
    assert.match(pkg.scripts.problems, /node dist\/problems-cli\.js$/);
    // Not in the VSIX: it is for terminals and CI.
    assert.doesNotMatch(fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8'), /problems-cli/);
  });

  it('builds with `node esbuild.js --cli` into an executable script that prints its usage', function () {
    this.timeout(60_000);
    const build = spawnSync(process.execPath, ['esbuild.js', '--cli'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    const cli = path.join(ROOT, 'dist', 'problems-cli.js');
    assert.match(fs.readFileSync(cli, 'utf8').split('\n')[0], /^#!\/usr\/bin\/env node$/);
    assert.ok(fs.statSync(cli).mode & 0o100, 'executable');
    const help = spawnSync(process.execPath, [cli, '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0, help.stderr);
    assert.equal(help.stdout.trim(), USAGE);
  });
});
