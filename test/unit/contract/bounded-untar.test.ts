// The shared bounded reader (contract/bounded-untar.ts) judges an archive by what it inflates to:
// it stops at the tar's end marker, and counts every inflated byte, metadata included.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ArchiveBudgetError, extractTarGz, inflatedCap, listTarGz } from '../../../contract';
import { metadataOnlyArchive, zeroTailArchive } from '../../hostile-archives';
import { useScratch } from '../../scratch';

const budget = { maxBytes: 16 * 1024 * 1024, maxEntries: 1000 };

describe('contract: bounded untar', function () {
  this.timeout(60_000);
  const scratch = useScratch();

  // Before: node-tar buffered the 4 GiB after the end marker piece by piece (minutes, +391 MB RSS).
  it('stops at the end marker: one small file then 4 GiB of zeros lists and extracts at once', async () => {
    const archive = zeroTailArchive({ 'a.txt': 'hello' });
    assert.ok(archive.length < 6 * 1024 * 1024, `${archive.length} bytes`);
    const started = Date.now();
    const entries = await listTarGz(archive, budget);
    assert.deepEqual(
      entries.map((e) => e.path),
      ['a.txt'],
    );
    const dest = path.join(scratch('se-untar-'), 'out');
    await extractTarGz(archive, dest, { budget });
    assert.equal(fs.readFileSync(path.join(dest, 'a.txt'), 'utf8'), 'hello');
    assert.deepEqual(fs.readdirSync(dest), ['a.txt']);
    assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
  });

  it('counts inflated bytes that are no entry: metadata alone past the cap is refused', async () => {
    const small = { maxBytes: 1024, maxEntries: 2 };
    const blocks = Math.ceil(inflatedCap(small) / 512) + 64;
    const err = await listTarGz(metadataOnlyArchive(blocks), small).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof ArchiveBudgetError, String(err));
    assert.equal(err.kind, 'inflated');
    assert.match(err.message, /inflates to more than 1 MiB before its end, more than its entries account for/);
  });

  it('refuses past the ratio when one is given, naming the entry', async () => {
    const archive = zeroTailArchive({ 'a.txt': 'x'.repeat(4096) }, 0);
    const err = await listTarGz(archive, { ...budget, maxRatio: 1 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof ArchiveBudgetError, String(err));
    assert.equal(err.kind, 'ratio');
  });
});
