// The problems CLI's exit codes, one test each (issue 28): 0 when everything the package held was
// imported (notes are fine), 2 when something was skipped (and the summary says what and why), 1 on
// an error, 64 for a usage error, which must never read as "imported, parts skipped". Import and
// export need no service, so these run without an emulator.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXIT, USAGE } from '../../../src/cli/problems';
import { runCli } from './run-cli';
import { useScratch } from '../../scratch';
import { REPO_ROOT } from '../../repo-root';

const KATTIS = path.resolve(REPO_ROOT, 'test/fixtures/kattis');

const run = runCli;

describe('problems CLI: exit codes', () => {
  const scratch = useScratch();

  it('are 0, 1, 2 and 64, each said in the usage', () => {
    assert.deepEqual(EXIT, { ok: 0, error: 1, skipped: 2, usage: 64 });
    assert.match(
      USAGE,
      /Exit codes: 0 everything asked succeeded; 1 an error, or something failed or was left out;\n2 import-kattis \/ export-kattis done but something that matters left out \(listed with the reason;\nharmless files are listed as ignored and keep 0\); 64 a usage error \(nothing was done\)\./,
    );
  });

  it('0: everything the package holds was imported, and exported back', async () => {
    const dir = path.join(scratch('cli-exit-0-'), 'near');
    const imported = await run(['import-kattis', path.join(KATTIS, 'near'), dir]);
    assert.equal(imported.code, 0, imported.err);
    assert.match(imported.out, /^Imported 2 tests and 2 solutions into .*near\.$/m);
    assert.equal(imported.err, '');
    const exported = await run(['export-kattis', dir, path.join(scratch('cli-exit-0-out-'), 'pkg')]);
    assert.equal(exported.code, 0, exported.err);
  });

  it('0 on harmless files: a submission folder problemtools does not check is listed as ignored', async () => {
    const imported = await run(['import-kattis', path.join(KATTIS, 'double'), path.join(scratch('cli-exit-0-'), 'double')]);
    assert.equal(imported.code, 0, imported.err);
    assert.equal(imported.err, '');
    assert.match(imported.out, /^ignored: submissions\/presentation_error\/spaces\.py: "presentation_error" is not a submissions folder problemtools checks/m);
    assert.match(imported.out, /1 harmless file was ignored \(listed above\)\.$/);
  });

  it('2: something that matters was left out (a test file linked outside the package), named with the reason', async () => {
    const from = path.join(scratch('cli-exit-2-pkg-'), 'double');
    fs.cpSync(path.join(KATTIS, 'double'), from, { recursive: true });
    const outside = path.join(scratch('cli-exit-2-outside-'), 'elsewhere.in');
    fs.writeFileSync(outside, '1\n');
    fs.symlinkSync(outside, path.join(from, 'data/secret/linked.in'));
    fs.writeFileSync(path.join(from, 'data/secret/linked.ans'), '2\n');
    const imported = await run(['import-kattis', from, path.join(scratch('cli-exit-2-'), 'double')]);
    assert.equal(imported.code, 2, imported.out);
    assert.match(imported.err, /^not imported: data\/secret\/linked\.in: a symbolic link/m);
    assert.match(imported.out, /1 part that matters was left out \(listed above with the reason\)\./);
  });

  it('0: a top-level file the format does not define that links out of the package (problem.pdf) is ignored, never followed; a defined part linking out is still 2', async () => {
    const from = path.join(scratch('cli-exit-link-pkg-'), 'double');
    fs.cpSync(path.join(KATTIS, 'double'), from, { recursive: true });
    const outside = scratch('cli-exit-link-outside-');
    fs.writeFileSync(path.join(outside, 'statement.pdf'), '%PDF-1.4 secret\n');
    fs.symlinkSync(path.join(outside, 'statement.pdf'), path.join(from, 'problem.pdf'));
    const dir = path.join(scratch('cli-exit-link-'), 'double');
    const imported = await run(['import-kattis', from, dir]);
    assert.equal(imported.code, 0, imported.err);
    assert.equal(imported.err, '');
    assert.match(imported.out, /^ignored: problem\.pdf: not part of the Kattis package format, and no judge reads it; it is a symbolic link.*so it is not followed\.$/m);
    assert.equal(
      fs.readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith('.pdf')),
      false,
    );

    fs.mkdirSync(path.join(outside, 'include/python3'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'include'), path.join(from, 'include'));
    const again = await run(['import-kattis', from, path.join(scratch('cli-exit-link-2-'), 'double')]);
    assert.equal(again.code, 2, again.out);
    assert.match(again.err, /^not imported: include: a symbolic link/m);
  });

  it('1: an error (not a Kattis package), and nothing is left half-done', async () => {
    const empty = scratch('cli-exit-1-');
    const result = await run(['import-kattis', empty, path.join(empty, 'out')]);
    assert.equal(result.code, 1);
    assert.match(result.err, /has no problem\.yaml \(a regular file\): it is not a Kattis problem package/);
    assert.equal(fs.existsSync(path.join(empty, 'out', 'problem.json')), false);
  });

  it('64: a usage error, with the usage, for every kind of bad argument', async () => {
    for (const argv of [
      ['import-kattis', 'only-one'],
      ['export-kattis'],
      ['import-kattis', 'a', 'b', 'c'],
      ['bogus'],
      [],
      ['push', 'dir', '--nope'],
      ['check', 'dir', '--token', 'x'],
      ['pull', 'abc', 'dir'],
    ]) {
      const r = await run(argv);
      assert.equal(r.code, 64, argv.join(' '));
      assert.ok(r.err.endsWith(USAGE), argv.join(' '));
    }
  });
});
