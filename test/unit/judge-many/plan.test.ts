// The plan of a "judge many" job: every entry of the folder is a row, and what cannot be sent
// says why (no language, empty, binary, unreadable, too large), never a silent skip.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compilerIdForFileName } from '../../../src/core/languages';
import { MAX_SOURCE_BYTES, planFolder } from '../../../src/core/judge-many/plan';
import { makeTree, removeTree } from '../core/helpers';

const compilerFor = (name: string) => compilerIdForFileName(name);

describe('judge many: plan', () => {
  let root: string;
  afterEach(() => removeTree(root));

  it('makes one row per file and subfolder, with the reason for each one it cannot send', async () => {
    root = await makeTree({
      'alice.py': 'print(1)\n',
      'bob.cpp': 'int main(){}\n',
      'notes.txt': 'hello',
      'empty.py': '',
      'big.py': '#'.repeat(MAX_SOURCE_BYTES + 1),
      'carol/prog.py': 'import helper\n',
      'carol/helper.py': 'x = 1\n',
      'dave/': '',
      'erin/main.py': 'print(2)\n',
      '.DS_Store': 'x',
    });
    fs.writeFileSync(path.join(root, 'blob.py'), Buffer.from([0x70, 0x00, 0x01, 0xff]));
    fs.symlinkSync(path.join(root, 'missing.py'), path.join(root, 'gone.py'));

    const outcome = await planFolder(root, { compilerFor });
    assert.equal(outcome.kind, 'planned');
    const rows = Object.fromEntries(outcome.solutions.map((s) => [s.key, s]));
    assert.deepEqual(Object.keys(rows).sort(), ['.DS_Store', 'alice.py', 'big.py', 'blob.py', 'bob.cpp', 'carol', 'dave', 'empty.py', 'erin', 'gone.py', 'notes.txt']);
    assert.deepEqual(rows['alice.py'], { key: 'alice.py', kind: 'file', compilerId: 116 });
    assert.equal(rows['bob.cpp'].compilerId, 1);
    assert.match(rows['notes.txt'].problem!, /no language for "\.txt"/);
    assert.equal(rows['empty.py'].problem, 'empty file');
    assert.match(rows['big.py'].problem!, /over the source size limit/);
    assert.match(rows['blob.py'].problem!, /binary/);
    assert.match(rows['gone.py'].problem!, /cannot read it \(ENOENT\)/);
    assert.match(rows['.DS_Store'].problem!, /hidden/);
    assert.deepEqual(rows.carol, { key: 'carol', kind: 'folder', compilerId: 116, files: ['helper.py', 'prog.py'] });
    assert.equal(rows.dave.problem, 'empty folder');
    assert.match(rows.erin.problem!, /needs prog\.py/);
  });

  it('asks before reading a folder of more entries than the limit, and stops when declined', async () => {
    root = await makeTree(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`s${i}.py`, 'print(1)\n'])));
    const asked: number[] = [];
    const declined = await planFolder(root, { compilerFor, askAboveEntries: 4, confirmMany: async (n) => (asked.push(n), false) });
    assert.deepEqual(declined, { kind: 'declined', count: 5 });
    const accepted = await planFolder(root, { compilerFor, askAboveEntries: 4, confirmMany: async () => true });
    assert.equal(accepted.kind === 'planned' && accepted.solutions.length, 5);
    assert.deepEqual(asked, [5]);
  });
});
