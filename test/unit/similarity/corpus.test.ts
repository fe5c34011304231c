// The labelled corpus (test/fixtures/similarity): 21 independent solutions to each of three
// problems in Python, C, Java and JavaScript, and for 8 of each, copies disguised by every
// technique alone and combined (made by test/fixtures/similarity/disguise.ts). Each problem's
// solutions are compared as one class; every copy pair must rank above every independent pair.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SimilarityAnalysis, type SolutionInput } from '../../../src/core/similarity';
import { COPIED, copiesOf, CORPUS_DIR, PROBLEMS, TECHNIQUES } from '../../fixtures/similarity/disguise';

function read(dir: string, sub: string): SolutionInput[] {
  return fs
    .readdirSync(path.join(dir, sub))
    .sort()
    .map((f) => ({ key: `${sub}/${f}`, kind: 'file' as const, files: [{ path: f, text: fs.readFileSync(path.join(dir, sub, f), 'utf8') }] }));
}

describe('similarity: the labelled corpus', () => {
  for (const problem of PROBLEMS) {
    const dir = path.join(CORPUS_DIR, problem);

    it(`${problem}: the committed copies are what disguise.ts makes`, () => {
      const made = copiesOf(dir);
      assert.deepEqual(fs.readdirSync(path.join(dir, 'copies')).sort(), [...made.keys()].sort());
      for (const [name, text] of made) assert.equal(fs.readFileSync(path.join(dir, 'copies', name), 'utf8'), text, `${name}: run node out/test/fixtures/similarity/disguise.js`);
    });

    it(`${problem}: every copy pair ranks above every independent pair`, () => {
      const originals = read(dir, 'originals');
      const copies = read(dir, 'copies');
      assert.ok(originals.length >= 20, `${originals.length} independent solutions`);
      assert.ok(new Set(originals.map((o) => path.extname(o.key))).size >= 3, 'at least three languages');
      assert.equal(copies.length, COPIED.length * TECHNIQUES.length);
      const { report } = new SimilarityAnalysis([...originals, ...copies]);
      const score = new Map(report.pairs.map((p) => [`${p.a}|${p.b}`, p.similarity]));
      const sim = (a: string, b: string) => score.get(`${a}|${b}`) ?? score.get(`${b}|${a}`) ?? 0;

      let independent = { value: 0, pair: '' };
      for (let i = 0; i < originals.length; i++) {
        for (let j = i + 1; j < originals.length; j++) {
          const v = sim(originals[i].key, originals[j].key);
          if (v > independent.value) independent = { value: v, pair: `${originals[i].key} ~ ${originals[j].key}` };
        }
      }
      const byTechnique = new Map<string, number[]>();
      let weakest = { value: 1, pair: '' };
      for (const copy of copies) {
        const [, stem, technique, ext] = /^copies\/(s\d+)-(\w+)(\.\w+)$/.exec(copy.key)!;
        const v = sim(`originals/${stem}${ext}`, copy.key);
        byTechnique.set(technique, [...(byTechnique.get(technique) ?? []), v]);
        if (v < weakest.value) weakest = { value: v, pair: `originals/${stem}${ext} ~ ${copy.key}` };
      }
      const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
      console.log(`      ${problem}: lowest copy pair ${pct(weakest.value)} (${weakest.pair}); highest independent pair ${pct(independent.value)} (${independent.pair})`);
      console.log(`      ${problem}: lowest per technique: ${[...byTechnique].map(([t, v]) => `${t} ${pct(Math.min(...v))}`).join(', ')}`);
      assert.ok(weakest.value > independent.value, `copy ${weakest.pair} at ${pct(weakest.value)} is not above independent ${independent.pair} at ${pct(independent.value)}`);
    });
  }
});
