// Kattis custom output validators become custom judges through the adapter (src/core/kattis/
// validator-*.ts), for real: two fixture packages (test/fixtures/kattis/near: Python with a helper
// module and per-group flags; shout: C++ with local headers, exit(42) from a header) are imported,
// pushed to the emulator as new problems, and their reference solutions checked. Each accepted
// solution is one an exact comparison would reject, so only the validator can accept it.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ProblemsClient } from '../../src/api';
import { runProblemsCli } from '../../src/cli/problems';
import { checkProblemFolder, readProblemFolder } from '../../src/core/problem-folder';
import { useScratch } from '../scratch';
import { startTestEmulator, TOKEN, type TestEmulator } from './harness';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/kattis');

describe('Kattis custom output validators on the emulator', function () {
  const scratch = useScratch();
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu?.close());

  for (const [pkg, language] of [
    ['near', 'Python 3'],
    ['shout', 'C++'],
  ] as const) {
    it(`${pkg} (${language}): imported as a judge, pushed, the right solution accepted and the wrong one rejected`, async () => {
      const dir = path.join(scratch(`kattis-${pkg}-`), pkg);
      const out: string[] = [];
      const io = {
        out: (l: string) => out.push(l),
        err: (l: string) => out.push(l),
        env: { SPHERE_ENGINE_PROBLEMS_TOKEN: TOKEN, SPHERE_ENGINE_PROBLEMS_ENDPOINT: emu.endpoints.problems },
      };
      const imported = await runProblemsCli(['import-kattis', path.join(FIXTURES, pkg), dir], io);
      const report = out.splice(0).join('\n');
      assert.equal(await runProblemsCli(['push', dir], io), 0, out.join('\n'));
      const client = new ProblemsClient({ endpoint: emu.endpoints.problems, token: TOKEN });
      try {
        const folder = readProblemFolder(dir);
        const checks = await checkProblemFolder(client, folder, { sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 50))) });
        assert.deepEqual(
          checks.map((c) => [c.file, c.status?.name, c.ok]),
          [
            [folder.solutions[0].file, 'accepted', true],
            [folder.solutions[1].file, 'wrong answer', true],
          ],
        );
      } finally {
        await client.close();
      }
      // The import's report says what became of the validator, and nothing was left out (exit 0).
      assert.equal(imported, 0, report);
      assert.match(
        report,
        new RegExp(`^note: The custom output validator .* \\(${language.replace('+', '\\+')}: .*\\) runs unchanged through an adapter as judge "kattis_validator"`, 'm'),
      );
    });
  }
});
