import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { isInside } from '../../../src/core/is-inside';

describe('isInside', () => {
  const root = path.join(path.sep, 'class', 'week1');

  it('takes the folder itself and anything below it', () => {
    assert.equal(isInside(root, root), true);
    assert.equal(isInside(path.join(root, 'alice'), root), true);
    assert.equal(isInside(path.join(root, 'alice', 'main.py'), root), true);
  });

  it('takes a child whose name starts with two dots as inside', () => {
    assert.equal(isInside(path.join(root, '..x'), root), true);
    assert.equal(isInside(path.join(root, '...'), root), true);
  });

  it('refuses the parent, a sibling and a sibling sharing the name as prefix', () => {
    assert.equal(isInside(path.dirname(root), root), false);
    assert.equal(isInside(path.join(path.dirname(root), 'week2'), root), false);
    assert.equal(isInside(`${root}-old`, root), false);
    assert.equal(isInside(path.join(root, '..', 'week2'), root), false);
  });
});
