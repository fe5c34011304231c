// A Compilers run's limits have one home: src/core/compilers/limits.ts (RunLimits, resolveRunLimits)
// and one reader of the settings (features/shared/compiler-settings.ts's readRunLimits), which
// every command that sends a run with limits uses, the stress test included.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveRunLimits } from '../../src/core/compilers';
import { SRC, sourceFiles } from './source-files';

const texts = () => sourceFiles(SRC).map((file) => ({ file: path.relative(SRC, file).split(path.sep).join('/'), text: fs.readFileSync(file, 'utf8') }));

describe('run limits', () => {
  it("take a command's own values over the settings, and name where an out-of-range one came from", () => {
    assert.deepEqual(resolveRunLimits({ timeLimit: 3, memoryLimit: 0 }), { limits: { timeLimit: 3, memoryLimit: undefined }, problems: [] });
    const { limits, problems } = resolveRunLimits({ timeLimit: 3, memoryLimit: 65536 }, { timeLimit: 2.5 }, 'stress.json');
    assert.deepEqual(limits, { timeLimit: 2.5, memoryLimit: 65536 });
    assert.equal(problems.length, 1);
    assert.match(problems[0], /time limit 2\.5 s is out of range: use a whole number of seconds from 1 to 60 \(stress\.json\)/);
    assert.match(resolveRunLimits({ timeLimit: 0, memoryLimit: 12 }).problems[0], /setting sphereEngine\.compilers\.memoryLimit/);
  });

  it('are read from the settings in one place and checked only by resolveRunLimits', () => {
    const all = texts();
    assert.deepEqual(
      all.filter((t) => /\.get(<[^>]*>)?\('(timeLimit|memoryLimit)'\)/.test(t.text)).map((t) => t.file),
      ['features/shared/compiler-settings.ts'],
    );
    assert.deepEqual(
      all.filter((t) => /\bcheckLimits\(/.test(t.text)).map((t) => t.file),
      ['core/compilers/limits.ts'],
    );
  });

  it('reach every command that sends a Compilers run through readRunLimits, the stress test included', () => {
    const all = texts();
    const users = all.filter((t) => /\breadRunLimits\(|\beffectiveLimits\(/.test(t.text)).map((t) => t.file);
    for (const file of ['features/compilers/run-file.ts', 'features/compilers/run-folder.ts', 'features/compilers/run-inputs.ts', 'features/stress/command.ts']) {
      assert.ok(users.includes(file), `${file} does not take its limits from readRunLimits`);
    }
  });
});
