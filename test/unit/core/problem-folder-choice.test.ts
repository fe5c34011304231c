// Check Problem Folder sends each solution with the compiler the person chose for its language
// (their overrides over the language table), as every other command that sends a file does;
// the endpoint's offer still decides whether it can be sent at all.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { prepareByExtension } from '../../../src/core/problem-folder';

describe('problem folder check: which compiler a solution is sent with', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-choice-'));
    fs.writeFileSync(path.join(dir, 'sol.py'), 'print(input())\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const offered = [
    { id: 116, name: 'Python 3' },
    { id: 4, name: 'Python' },
  ];

  it("uses the person's choice when the endpoint offers it", () => {
    const prepared = prepareByExtension(dir, () => 4)({ file: 'sol.py', expected: 'accepted' }, offered);
    assert.deepEqual(prepared, { compilerId: 4, source: 'print(input())\n' });
  });

  it('falls back to the offered compiler for the extension when the choice is not offered, or there is none', () => {
    assert.equal((prepareByExtension(dir, () => 99)({ file: 'sol.py', expected: 'accepted' }, offered) as { compilerId: number }).compilerId, 116);
    assert.equal((prepareByExtension(dir)({ file: 'sol.py', expected: 'accepted' }, offered) as { compilerId: number }).compilerId, 116);
  });
});
