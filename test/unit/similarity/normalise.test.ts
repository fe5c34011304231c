// What structural disguises change and the token stream no longer sees (normalise.ts): the
// spellings of one increment, and a `for` loop rewritten as a `while` by hand.
import * as assert from 'node:assert/strict';
import { SimilarityAnalysis } from '../../../src/core/similarity';
import { tokenize } from '../../../src/core/similarity/tokens';
import { kindsOf } from './streams';

const kinds = (file: string, text: string) => {
  const t = tokenize([{ path: file, text }], { increments: true, loops: true });
  return Array.from(t.kinds.slice(0, t.length));
};

describe('similarity: structural disguises undone', () => {
  it('reads x++, ++x, x += 1 and x = x + 1 alike, and x = x * y as x *= y (C-like and Python)', () => {
    const forms = ['count++;', '++count;', 'count += 1;', 'count = count + 1;'];
    for (const f of forms) assert.deepEqual(kinds('a.c', f), kinds('a.c', forms[0]), f);
    assert.deepEqual(kinds('a.java', 'total = total * rate;'), kinds('a.java', 'total *= rate;'));
    assert.deepEqual(kinds('a.py', 'total = total + x\n'), kinds('a.py', 'total += x\n'));
    // Different names on both sides stay an assignment: `a = b + 1` is not `a += 1`.
    assert.notDeepEqual(kinds('a.c', 'a = b + 1;'), kinds('a.c', 'a += 1;'));
    // A field is not the variable: `p.x = x + 1` stays as it is.
    assert.notDeepEqual(kinds('a.java', 'p.x = x + 1;'), kinds('a.java', 'p.x += 1;'));
  });

  it('reads for (a; b; c) { body } as a; while (b) { body c; }', () => {
    const forLoop = 'int s = 0;\nfor (int i = 0; i < n; i++) {\n    s += v[i];\n}\nprintf("%d", s);\n';
    const whileLoop = 'int s = 0;\nint i = 0;\nwhile (i < n) {\n    s += v[i];\n    i = i + 1;\n}\nprintf("%d", s);\n';
    assert.deepEqual(kinds('a.c', whileLoop), kinds('a.c', forLoop));
    // Nested loops, and a header without a step or without an initialiser.
    const nested = 'for (i = 0; i < n; i++) {\n  for (j = 0; j < m; ++j) {\n    x += 1;\n  }\n}\n';
    const nestedWhile = 'i = 0;\nwhile (i < n) {\n  j = 0;\n  while (j < m) {\n    x++;\n    j++;\n  }\n  i++;\n}\n';
    assert.deepEqual(kinds('a.cpp', nestedWhile), kinds('a.cpp', nested));
    assert.deepEqual(kinds('a.c', 'for (; i < n;) {\n  i++;\n}\n'), kinds('a.c', 'while (i < n) {\n  i++;\n}\n'));
    // A for-each loop and a loop without braces are left as they are, and never throw.
    assert.doesNotThrow(() => kinds('a.cpp', 'for (auto x : v) s += x;\nfor (;;'));
    const program = `#include <stdio.h>\nint main(void) {\n    int n, total = 0, v[100];\n    scanf("%d", &n);\n    for (int i = 0; i < n; i++) {\n        scanf("%d", &v[i]);\n        if (v[i] > 0) total += v[i];\n    }\n    printf("%d\\n", total);\n    return 0;\n}\n`;
    const disguised = program.replace('for (int i = 0; i < n; i++) {', 'int i = 0;\n    while (i < n) {').replace('total += v[i];\n', 'total = total + v[i];\n        i++;\n');
    const { report } = new SimilarityAnalysis([
      { key: 'a.c', kind: 'file', files: [{ path: 'a.c', text: program }] },
      { key: 'b.c', kind: 'file', files: [{ path: 'b.c', text: disguised }] },
    ]);
    assert.equal(report.pairs[0].similarity, 1);
  });

  it("reads Python's for i in range(a, b) as i = a; while i < b (range(b) from 0), and leaves other for loops", () => {
    const k = (text: string) => kindsOf('a.py', text, { ranges: true });
    assert.deepEqual(k('for i in range(1, n + 1):\n    s += i\n'), k('i = 1\nwhile i < n + 1:\n    s += i\n'));
    assert.deepEqual(k('for j in range(len(v)):\n    s += v[j]\n'), k('j = 0\nwhile j < len(v):\n    s += v[j]\n'));
    // A step, a for over a list, and broken headers stay as they are.
    assert.notDeepEqual(k('for i in range(0, n, 2):\n    pass\n'), k('i = 0\nwhile i < n, 2:\n    pass\n'));
    assert.notDeepEqual(k('for x in items:\n    pass\n'), k('x = items\nwhile x:\n    pass\n'));
    for (const odd of ['for i in range(', 'for i in range():', 'for i in range(n)', 'for in range(3):']) assert.doesNotThrow(() => k(odd), odd);
  });

  it('refuses nothing hostile: 20,000 nested loops, headers with brackets, unclosed and stray brackets', () => {
    // One pass without recursion: a stack overflow or a quadratic scan would fail or time out here.
    const deep = 'for (i = 0; i < n; i++) {\n'.repeat(20_000) + 'x++;\n' + '}\n'.repeat(20_000);
    const out = kinds('deep.c', deep);
    assert.ok(out.length > 20_000 * 10, String(out.length));
    for (const odd of ['for (a[(b;c)]; d; e) { }', 'for (;;) {', 'for (a; b; c) }}} {', ')))for(((;;)))', 'for (int i = 0; i < n; i++) { for (;', '}'.repeat(1000) + 'for(;;){}'])
      assert.doesNotThrow(() => kinds('odd.cpp', odd), odd);
  });
});
