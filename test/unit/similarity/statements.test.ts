// Statement-level rewrites (statements.ts): a statement that sets a name the file never mentions
// again reads as nothing, and adjacent independent declarations read in one order; each checked
// by what a person sees, the similarity of a copy disguised that way, and on hostile input.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SimilarityAnalysis } from '../../../src/core/similarity';
import { kindsOf, pairSimilarity as similarity } from './streams';
import { REPO_ROOT } from '../../repo-root';

const kinds = (file: string, text: string) => kindsOf(file, text, { unused: true, order: true });

const JAVA = `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        int lo = 0;
        int hi = n - 1;
        int best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) / 2;
            if (mid * mid <= n) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        System.out.println(best);
    }
}
`;
const PY = `n = int(input())
lo = 0
hi = n
best = -1
while lo <= hi:
    mid = (lo + hi) // 2
    if mid * mid <= n:
        best = mid
        lo = mid + 1
    else:
        hi = mid - 1
print(best)
`;

describe('similarity: statements a disguise inserts or reorders', () => {
  it('reads a statement that sets a name mentioned nowhere else as nothing (C-like and Python)', () => {
    assert.deepEqual(kinds('a.java', 'int a = 1;\nint spare = 2;\nprint(a);\n'), kinds('a.java', 'int a = 1;\nprint(a);\n'));
    assert.deepEqual(kinds('a.py', 'a = 1\nspare = 2 / 3\nprint(a)\n'), kinds('a.py', 'a = 1\nprint(a)\n'));
    // Kept: a name used again, a field, an element, and a value computed by a call (it may do something).
    assert.notDeepEqual(kinds('a.c', 'int a = 1;\na = 2;\n'), kinds('a.c', 'int a = 1;\n'));
    assert.notDeepEqual(kinds('a.java', 'this.size = 2;\n'), kinds('a.java', ''));
    assert.notDeepEqual(kinds('a.c', 'v[0] = 2;\n'), kinds('a.c', ''));
    assert.notDeepEqual(kinds('a.py', 'x = input()\n'), kinds('a.py', ''));
  });

  it('reads adjacent independent declarations in either order alike, but not across a block', () => {
    assert.deepEqual(kinds('a.cpp', 'int lo = 0;\nint hi = n - 1;\nwhile (lo < hi) {}\n'), kinds('a.cpp', 'int hi = n - 1;\nint lo = 0;\nwhile (lo < hi) {}\n'));
    assert.deepEqual(kinds('a.py', 'lo = 0\nhi = n - 1\nprint(lo, hi)\n'), kinds('a.py', 'hi = n - 1\nlo = 0\nprint(lo, hi)\n'));
    assert.notDeepEqual(kinds('a.c', 'a = b - 1;\n{ c = 0; }\nf(a, c);\n'), kinds('a.c', 'c = 0;\n{ a = b - 1; }\nf(a, c);\n'));
  });

  it('scores a copy with swapped declarations and a no-op after every few statements as a copy (1.0)', () => {
    const javaCopy = JAVA.replace('        int lo = 0;\n        int hi = n - 1;\n', '        int hi = n - 1;\n        int lo = 0;\n')
      .replace('int best = -1;\n', 'int best = -1;\n        int spare1 = 1;\n')
      .replace('best = mid;\n', 'best = mid;\n                long mark2 = 2 + 1;\n');
    assert.equal(similarity('a.java', JAVA, javaCopy), 1);
    const pyCopy = PY.replace('lo = 0\nhi = n\n', 'hi = n\nlo = 0\n').replace('best = mid\n', 'best = mid\n        ratio3 = 3 / 2.0\n');
    assert.equal(similarity('a.py', PY, pyCopy), 1);
  });

  it('marks every matched region of a disguised copy as real text, each once (the side-by-side view)', () => {
    // Reordered and inlined tokens sit out of text order: a region still covers its code, from its
    // leftmost token to its rightmost, and no two regions of a side share a character.
    const dir = path.join(REPO_ROOT, 'test', 'fixtures', 'similarity', 'islands');
    const files = ['originals/s01.py', 'copies/s01-combined.py'].map((p) => ({
      key: p,
      kind: 'file' as const,
      files: [{ path: p, text: fs.readFileSync(path.join(dir, p), 'utf8') }],
    }));
    const view = new SimilarityAnalysis(files).pairView(files[0].key, files[1].key)!;
    assert.ok(view.regions.length > 0);
    for (const side of ['a', 'b'] as const) {
      const spans = view.regions.map((r) => r[side]).sort((x, y) => x.start - y.start);
      for (const s of spans) assert.ok(s.end > s.start, `${side}: empty region ${JSON.stringify(s)}`);
      for (let i = 1; i < spans.length; i++) assert.ok(spans[i].start >= spans[i - 1].end, `${side}: regions overlap ${JSON.stringify(spans.slice(i - 1, i + 1))}`);
    }
  });

  it('never throws on hostile input, and a long run costs what a short one does', () => {
    for (const odd of ['= = ;', ';;;;', 'a = (b;', ')) = 1;', '}}} x = 1; {{{', '\n'.repeat(100) + ':=', 'x =', '= x\n= y\n'])
      for (const f of ['odd.c', 'odd.py']) assert.doesNotThrow(() => kinds(f, odd), `${f}: ${odd}`);
    const many = 'int a = 1;\n'.repeat(50_000);
    assert.ok(kinds('big.c', many).length >= 50_000 * 5);
  });
});
