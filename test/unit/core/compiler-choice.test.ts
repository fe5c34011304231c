// One choice of compiler for every command (src/core/languages/compiler-choice.ts): the user's
// languageOverrides apply also to a file that is not open (no VS Code language id), and Submit
// Solution's suggestion follows them as Judge Solutions in Folder does.
import * as assert from 'node:assert/strict';
import type { Compiler } from '../../../src/api';
import { chooseCompiler } from '../../../src/core/languages';
import { suggestCompiler } from '../../../src/features/problems/compiler-choice';

const offered = [116, 99, 11].map((id) => ({ id, name: `c${id}`, versions: [] }) as unknown as Compiler);

describe('chooseCompiler', () => {
  it("applies the language's override to a file known by its extension only", () => {
    assert.equal(chooseCompiler({ fileName: 'sol.py' }, { python: 99 })?.compilerId, 99);
    assert.equal(chooseCompiler({ fileName: 'sol.py' }, { python: 99 })?.source, 'override');
    assert.equal(chooseCompiler({ fileName: 'sol.py' }, undefined)?.compilerId, 116);
    assert.equal(chooseCompiler({ languageId: 'python', fileName: 'sol.txt' }, { python: { compilerId: 99, versionId: 2 } })?.versionId, 2);
  });

  it('Submit Solution suggests the override when the problems module offers it, else asks', () => {
    assert.equal(suggestCompiler('/w/sol.py', 'python', offered, { python: 99 }), 99);
    assert.equal(suggestCompiler('/w/sol.py', undefined, offered, { python: 99 }), 99);
    assert.equal(suggestCompiler('/w/sol.py', 'python', offered, { python: 4 }), undefined, 'an override not offered is never replaced silently');
    assert.equal(suggestCompiler('/w/sol.py', 'python', offered), 116);
  });
});
