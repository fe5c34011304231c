// The similarity engine without VS Code: what the lexer abstracts, base code and class-wide code
// left out, matched regions linked one to one, clusters, the report's bad-input rows and the CSV.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bestMatches, clusters, readClassFolder, SimilarityAnalysis, type SolutionInput, toCsv } from '../../../src/core/similarity';
import { lex } from '../../../src/core/similarity/lexer';
import { syntaxOf } from '../../../src/core/similarity/families';
import { compilerIdForFileName } from '../../../src/core/languages';

const kinds = (text: string, file: string) => {
  const out: string[] = [];
  lex(text, syntaxOf(file), (k) => out.push(k));
  return out;
};
const solution = (key: string, text: string): SolutionInput => ({ key, kind: 'file', files: [{ path: key, text }] });

const PROGRAM = `#include <stdio.h>
int total(int *v, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (v[i] > 0) s += v[i];
    }
    return s;
}
int main(void) {
    int v[100], n = 0;
    while (scanf("%d", &v[n]) == 1 && n < 99) n++;
    printf("%d\\n", total(v, n));
    return 0;
}
`;

describe('similarity engine', () => {
  it('abstracts names, literals, comments and layout, and reads for and while alike', () => {
    assert.deepEqual(kinds('int count = 42; // note\n/* more */ s = "hi";', 'a.c'), ['int', 'I', '=', 'N', ';', 'I', '=', 'S', ';']);
    assert.deepEqual(kinds('for(;;){}', 'a.c').slice(0, 1), kinds('while(1){}', 'a.c').slice(0, 1));
    assert.deepEqual(kinds('x = "a # b"  # comment\nif x:\n    y = 3\n', 'a.py'), ['I', '=', 'S', ';', 'if', 'I', ':', ';', 'I', '=', 'N', ';']);
    assert.deepEqual(kinds('x = 1\n', 'a.py'), kinds('renamed = 99  # changed\n', 'a.py'));
    // Odd input never throws: an unclosed string, a lone quote, a Rust lifetime, a NUL.
    for (const odd of ['"unclosed', "'", "fn f<'a>(x: &'a str) {}", '\u0000\u0001', '/* never closed']) assert.doesNotThrow(() => kinds(odd, 'a.c'));
  });

  it('finds a renamed, re-laid-out copy and links each region to one partner', () => {
    const copy = PROGRAM.replace(/\btotal\b/g, 'sumPositive')
      .replace(/\bs\b/g, 'acc')
      .replace(/\n {4}/g, '\n\t')
      .replace('100', '1000');
    const other = 'import sys\nprint(sum(int(x) for x in sys.stdin.read().split() if int(x) > 0))\n';
    const analysis = new SimilarityAnalysis([solution('a.c', PROGRAM), solution('b.c', copy), solution('c.py', other)]);
    const top = analysis.report.pairs[0];
    assert.equal(`${top.a}|${top.b}`, 'a.c|b.c');
    assert.ok(top.similarity > 0.9, String(top.similarity));
    assert.ok(top.longest && top.longest.a.from <= 3 && top.longest.a.to >= 10, JSON.stringify(top.longest));
    const view = analysis.pairView('a.c', 'b.c')!;
    assert.ok(view.regions.length >= 1);
    for (const side of ['a', 'b'] as const) {
      const spans = view.regions.map((r) => r[side]).sort((x, y) => x.start - y.start);
      for (let i = 1; i < spans.length; i++) assert.ok(spans[i].start >= spans[i - 1].end, 'regions on one side never overlap');
    }
    assert.equal(analysis.pairView('a.c', 'missing'), undefined);
  });

  it('leaves the base code out of every pair and says how much it removed', () => {
    const template = PROGRAM;
    const a = `${PROGRAM}int extra(int q) { while (q > 1) { q = q / 2; } return q * 3 + 1; }\n`;
    const b = `${PROGRAM}double mean(double *w, int m) { double t = 0; for (int k = 0; k < m; k++) t += w[k]; return m ? t / m : 0.0; }\n`;
    const without = new SimilarityAnalysis([solution('a.c', a), solution('b.c', b)]);
    const withBase = new SimilarityAnalysis([solution('a.c', a), solution('b.c', b)], { base: { path: '/t/template.c', files: [{ path: 'template.c', text: template }] } });
    assert.ok(without.report.pairs[0].similarity > 0.5);
    assert.ok((withBase.report.pairs[0]?.similarity ?? 0) < 0.2, JSON.stringify(withBase.report.pairs[0]));
    assert.ok(withBase.report.excluded.base && withBase.report.excluded.base.removed > 0);
  });

  it('ignores what most of a class of ten or more shares, and only then', () => {
    const skeleton = 'import sys\ndata = sys.stdin.read().split()\nn = int(data[0])\nvalues = [int(x) for x in data[1:n + 1]]\n';
    const bodies = [
      'print(max(values))',
      'print(sum(values) // n)',
      'values.sort()\nprint(values[n // 2])',
      'print(len(set(values)))',
      'print(min(values) * 2)',
      'print(values[::-1])',
      'print(sorted(values)[-2])',
      'print(any(v < 0 for v in values))',
      'print(values.count(0))',
      'print(sum(v * v for v in values))',
    ];
    const many = bodies.map((b, i) => solution(`s${i}.py`, skeleton + b + '\n'));
    const big = new SimilarityAnalysis(many);
    assert.ok(big.report.excluded.common.applied && big.report.excluded.common.fingerprints > 0);
    const kept = new SimilarityAnalysis(many, { commonMinClass: Infinity });
    const mean = (a: SimilarityAnalysis) => a.report.pairs.reduce((t, p) => t + p.similarity, 0) / 45;
    assert.ok(mean(kept) > 0.5 && mean(big) < mean(kept) / 2, `${mean(big)} vs ${mean(kept)}`);
    const small = new SimilarityAnalysis(many.slice(0, 3));
    assert.equal(small.report.excluded.common.applied, false);
    assert.ok(small.report.pairs[0].similarity > 0.5);
  });

  it('groups three or more linked solutions into clusters and gives each its closest partner', () => {
    const p = (a: string, b: string, similarity: number) => ({ a, b, similarity, shared: 1 });
    const pairs = [p('a', 'b', 0.9), p('b', 'c', 0.8), p('d', 'e', 0.95), p('c', 'f', 0.3)];
    assert.deepEqual(clusters(pairs, 0.5), [{ members: ['a', 'b', 'c'], max: 0.9 }]);
    assert.deepEqual(clusters(pairs, 0.2)[0].members, ['a', 'b', 'c', 'f']);
    assert.deepEqual(bestMatches(pairs).get('c'), { partner: 'b', similarity: 0.8 });
  });

  it('reads a class folder as Judge Solutions in Folder does, with a row for every bad entry', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-similarity-'));
    try {
      fs.writeFileSync(path.join(dir, 'ana.c'), PROGRAM);
      fs.writeFileSync(path.join(dir, 'bin.c'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]));
      fs.writeFileSync(path.join(dir, 'huge.py'), 'x = 1\n'.repeat(200_000));
      fs.writeFileSync(path.join(dir, 'notes.xyz'), 'not a program');
      fs.writeFileSync(path.join(dir, 'template.c'), PROGRAM);
      fs.mkdirSync(path.join(dir, 'team'));
      fs.writeFileSync(path.join(dir, 'team', 'main.c'), PROGRAM);
      fs.writeFileSync(path.join(dir, 'locked.py'), 'print(1)\n');
      const canLock = process.getuid?.() !== 0;
      if (canLock) fs.chmodSync(path.join(dir, 'locked.py'), 0);
      const read = await readClassFolder(dir, compilerIdForFileName, new Set(['template.c']));
      assert.deepEqual(
        read.solutions.map((s) => s.key),
        canLock ? ['ana.c', 'team'] : ['ana.c', 'locked.py', 'team'],
      );
      const reasons = new Map(read.skipped.map((s) => [s.key, s.reason]));
      assert.match(reasons.get('bin.c')!, /binary/);
      assert.match(reasons.get('huge.py')!, /1048576 bytes/);
      assert.match(reasons.get('notes.xyz')!, /no language/);
      assert.match(reasons.get('template.c')!, /base code/);
      if (canLock) assert.match(reasons.get('locked.py')!, /cannot read/);

      const one = new SimilarityAnalysis(read.solutions.slice(0, 1), { skipped: read.skipped });
      assert.deepEqual(one.report.pairs, []);
      assert.equal(one.report.solutions.length, 1);
    } finally {
      fs.chmodSync(path.join(dir, 'locked.py'), 0o600);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exports CSV with every pair, every entry not compared, and formulas defused', () => {
    const analysis = new SimilarityAnalysis([solution('=cmd().c', PROGRAM), solution('b.c', PROGRAM)], { skipped: [{ key: 'bin.c', reason: 'binary file, not source code' }] });
    const csv = toCsv(analysis.report).split('\r\n');
    assert.match(csv[1], /^'=cmd\(\)\.c,b\.c,100\.0,/);
    assert.match(csv[2], /^bin\.c,.*not compared: binary file/);
  });
});
