// The leveled corpus the similarity bench measures (test/fixtures/similarity/levels.ts) and its figures
// (test/fixtures/similarity/quality.ts): each level's disguise does what it says, and ROC AUC is right on
// cases worked by hand.
import * as assert from 'node:assert/strict';
import {
  ALIKE_TASKS,
  alikeClasses,
  disguisedLevels,
  extractFunctions,
  insertStatements,
  LANGUAGES,
  leveledClasses,
  spellOutIncrements,
  swapDeclarations,
} from '../../fixtures/similarity/levels';
import { auc, classFolder, quality } from '../../fixtures/similarity/quality';

describe('similarity bench: the leveled corpus', () => {
  it('has one class per language with independent solutions and six levels of copies of each', () => {
    const classes = leveledClasses();
    assert.deepEqual(
      classes.map((c) => c.language),
      [...LANGUAGES],
    );
    for (const c of classes) {
      assert.ok(c.originals.length >= 12, `${c.language}: ${c.originals.length} originals`);
      assert.equal(c.copies.length, c.originals.length * 6);
      // Layout alone (L1) and the whole disguise (L6) change every original.
      for (const o of c.originals) {
        const [l1, , , , , l6] = c.copies.filter((x) => x.of === o.name);
        assert.notEqual(l1.text, o.text, o.name);
        assert.notEqual(l6.text, l1.text, o.name);
      }
    }
  });

  it('has the alike corpus: per task and language, eight solutions written alike and copies of four at six levels', () => {
    const classes = alikeClasses();
    assert.equal(classes.length, ALIKE_TASKS.length * LANGUAGES.length);
    for (const c of classes) {
      assert.equal(c.originals.length, 8, `${c.task}-${c.language}`);
      assert.equal(c.copies.length, 4 * 6, `${c.task}-${c.language}`);
      // No two independent solutions are the same text (each was written on its own).
      assert.equal(new Set(c.originals.map((o) => o.text)).size, c.originals.length, `${c.task}-${c.language}`);
      for (const copy of c.copies.filter((x) => x.level === 'L1')) assert.notEqual(copy.text, c.originals.find((o) => o.name === copy.of)!.text);
    }
  });

  it('spells out increments and compound assignments, swaps independent statements, extracts and inserts', () => {
    assert.equal(
      spellOutIncrements('    count++;\n    for (i = 0; i < n; i++) {\n    total += x;', false),
      '    count = count + 1;\n    for (i = 0; i < n; i += 1) {\n    total = total + x;',
    );
    assert.equal(spellOutIncrements('    total -= a - b', true), '    total = total - (a - b)');
    assert.equal(swapDeclarations('    int a = 1;\n    int b = 2;\n    int c = a;', false), '    int b = 2;\n    int a = 1;\n    int c = a;');
    assert.match(
      extractFunctions('def f(a, b):\n    c = a * b + 1\n    return c\n', true, false),
      /^def compute1\(a, b\):\n {4}return a \* b \+ 1\n\n\ndef f\(a, b\):\n {4}c = compute1\(a, b\)/,
    );
    assert.equal(insertStatements('def f():\n    a = 1\n    b = 2\n    c = 3\n', true, false), 'def f():\n    a = 1\n    b = 2\n    c = 3\n    mark1 = 1 + 1\n');
    const levels = disguisedLevels('def f(a, b):\n    total = 0\n    for i in range(a):\n        total += i * b\n    return total\n', 'x.py');
    assert.equal(levels.length, 6);
    assert.match(levels[4], /while \w+ < \w+:/);
  });

  it('computes ROC AUC with ties as half, and the share of copies above every independent solution', () => {
    assert.equal(auc([0.9, 0.8], [0.1, 0.2]), 1);
    assert.equal(auc([0.1], [0.9]), 0);
    assert.equal(auc([0.5], [0.5]), 0.5);
    assert.equal(auc([0.9, 0.3], [0.5, 0.1]), 0.75);
    const cls = {
      task: 'all',
      language: 'py' as const,
      originals: [
        { name: 'a.py', text: '' },
        { name: 'b.py', text: '' },
      ],
      copies: [
        { name: 'a-L1.py', of: 'a.py', level: 'L1' as const, text: '' },
        { name: 'b-L1.py', of: 'b.py', level: 'L1' as const, text: '' },
      ],
    };
    const q = quality([cls], { [classFolder(cls)]: { 'a-L1.py|a.py': 0.9, 'a.py|b.py': 0.5, 'b-L1.py|b.py': 0.4 } });
    assert.equal(q.aboveAll.L1, 0.5);
    assert.equal(q.auc, 0.5);
  });
});
