// Issue 41's three defects of the engine, each on the smallest input that shows it: a short
// solution that is mostly code the class shares still has evidence (and the report says so),
// layout without meaning (a final newline, trailing spaces) never changes a token, and what is a
// name in a language is a name there (keywords per language, not one list per family).
import * as assert from 'node:assert/strict';
import { SimilarityAnalysis, type SolutionInput } from '../../../src/core/similarity';
import { tokenize } from '../../../src/core/similarity/tokens';

const solution = (key: string, text: string): SolutionInput => ({ key, kind: 'file', files: [{ path: key, text }] });
const kindsOf = (file: string, text: string) => Array.from(tokenize([{ path: file, text }]).kinds.slice(0, tokenize([{ path: file, text }]).length));
const score = (a: SolutionInput, b: SolutionInput) => new SimilarityAnalysis([a, b]).report.pairs[0]?.similarity ?? 0;

describe('similarity: evidence for every solution (issue 41)', () => {
  it('a short solution that is mostly code the class shares still matches its copy, above every independent pair, and is named as such', () => {
    // Twelve students read the input the same way (the lesson's idiom); each then writes a line or two.
    const skeleton = 'import sys\ndef main():\n    data = sys.stdin.read().split()\n    n = int(data[0])\n    values = [int(x) for x in data[1:n + 1]]\n';
    const tails = [
      '    print(max(values))',
      '    print(sum(values) // n)',
      '    values.sort()\n    print(values[n // 2])',
      '    print(len(set(values)))',
      '    print(min(values) * 2)',
      '    print(values[::-1])',
      '    print(sorted(values)[-2])',
      '    print(any(v < 0 for v in values))',
      '    print(values.count(0))',
      '    print(sum(v * v for v in values))',
      '    print(values[0] + values[-1])',
    ];
    const shortOne = `${skeleton}    best = 0\n    for v in values:\n        if v % 2 == 0 and v > best:\n            best = v\n    print(best)\nmain()\n`;
    const copy = shortOne.replace(/\bbest\b/g, 'top').replace(/\bv\b/g, 'item');
    const class_ = [...tails.map((t, i) => solution(`s${String(i).padStart(2, '0')}.py`, `${skeleton}${t}\nmain()\n`)), solution('short.py', shortOne), solution('copy.py', copy)];
    const { report } = new SimilarityAnalysis(class_);
    assert.ok(report.excluded.common.applied, 'the class-wide filter is on in a class of 13');
    const pair = report.pairs.find((p) => [p.a, p.b].sort().join('|') === 'copy.py|short.py');
    assert.ok(pair && pair.similarity > 0.5, `copy pair: ${JSON.stringify(pair)}`);
    const others = report.pairs.filter((p) => p !== pair);
    const highest = Math.max(0, ...others.map((p) => p.similarity));
    assert.ok(pair.similarity > highest, `copy ${pair.similarity} is not above ${highest}`);
    for (const s of report.solutions) assert.ok(s.fingerprints > 0, `${s.key} keeps no fingerprints`);
    const short = report.solutions.find((s) => s.key === 'short.py') as { sharedShare?: number };
    assert.ok(short.sharedShare !== undefined && short.sharedShare > 0.5, `short.py is mostly class-wide code: ${JSON.stringify(short)}`);
  });

  it("a class of near-identical solutions (everyone handed in the template) is compared by each one's rarest k-grams", () => {
    const template =
      'import sys\ndef main():\n    data = sys.stdin.read().split()\n    n = int(data[0])\n    values = [int(x) for x in data[1:n + 1]]\n    print(sum(values))\nmain()\n';
    const class_ = Array.from({ length: 40 }, (_, i) =>
      solution(`s${String(i).padStart(2, '0')}.py`, i % 2 ? template : template.replace('print(sum(values))', 'print(sum(values))\n    print(len(values))')),
    );
    const { report } = new SimilarityAnalysis(class_);
    assert.ok(
      report.solutions.every((s) => s.comparedByRemainder && s.fingerprints > 0 && s.fingerprints <= 64),
      JSON.stringify(report.solutions.slice(0, 2)),
    );
    // Identical hand-ins match whole; the two kinds differ by what remains of each (the added line).
    const score = new Map(report.pairs.map((p) => [`${p.a}|${p.b}`, p.similarity]));
    assert.equal(score.get('s01.py|s03.py'), 1);
    assert.equal(score.get('s00.py|s02.py'), 1);
    assert.ok((score.get('s00.py|s01.py') ?? 0) < 0.5, String(score.get('s00.py|s01.py')));
  });

  it('a solution shorter than one k-gram still keeps a fingerprint and matches its copy', () => {
    const tiny = 'print(6 * 7)\n'; // 7 tokens, fewer than k
    const { report } = new SimilarityAnalysis([
      solution('a.py', tiny),
      solution('b.py', 'print(2 * 3)\n'),
      solution('c.py', 'import sys\nfor line in sys.stdin:\n    print(line.strip()[::-1])\n'),
    ]);
    assert.ok(
      report.solutions.every((s) => s.fingerprints > 0),
      JSON.stringify(report.solutions),
    );
    assert.equal(`${report.pairs[0].a}|${report.pairs[0].b}`, 'a.py|b.py');
    assert.equal(report.pairs[0].similarity, 1);
  });

  it('in Python, a final newline, trailing spaces and a blank last line never change the token stream', () => {
    const program = 'n = int(input())\ntotal = 0\nfor i in range(n):\n    total += i\nprint(total)';
    const base = kindsOf('a.py', program);
    for (const variant of [`${program}\n`, `${program}   `, `${program}\n\n   \n`, program.replace(/\n/g, '  \n'), program.replace(/\n/g, '\r\n') + '\r\n']) {
      assert.deepEqual(kindsOf('a.py', variant), base, JSON.stringify(variant));
    }
    const three = 'a = 1\nb = a + 2\nprint(a, b)';
    assert.equal(score(solution('x.py', three), solution('y.py', `${three}\n`)), 1);
  });

  it('keeps keywords per language: val, map, out, in, type and range are names where they are names', () => {
    // C: `val` and `map` are ordinary variables; renaming them alone changes nothing.
    const c = 'int main(void) {\n    int val = 0, map[10];\n    for (int i = 0; i < 10; i++) { map[i] = i * i; val += map[i]; }\n    printf("%d\\n", val);\n    return 0;\n}\n';
    const cRenamed = c.replace(/\bval\b/g, 'v').replace(/\bmap\b/g, 'squares');
    assert.deepEqual(kindsOf('a.c', cRenamed), kindsOf('a.c', c));
    assert.equal(score(solution('a.c', c), solution('b.c', cRenamed)), 1);
    // Java: `PrintWriter out` renamed to `pw`, `in` to `sc`, `type` and `range` as variables.
    const java =
      'import java.io.*;\npublic class Main {\n    public static void main(String[] args) throws IOException {\n        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));\n        PrintWriter out = new PrintWriter(System.out);\n        int range = Integer.parseInt(in.readLine().trim()), type = 0;\n        for (int i = 0; i < range; i++) type += i;\n        out.println(type);\n        out.flush();\n    }\n}\n';
    const javaRenamed = java
      .replace(/\bout\b(?!\))/g, 'pw')
      .replace(/\bin\b(?!\))/g, 'sc')
      .replace(/\brange\b/g, 'limit')
      .replace(/\btype\b/g, 'kind');
    assert.deepEqual(kindsOf('Main.java', javaRenamed), kindsOf('Main.java', java));
    // C++: `in`, `out`, `val`, `match` are names; `auto`, `template`, `namespace` stay keywords.
    assert.deepEqual(kindsOf('a.cpp', 'auto val = in + out;'), kindsOf('a.cpp', 'auto x = a + b;'));
    assert.notDeepEqual(kindsOf('a.cpp', 'auto x = 1;'), kindsOf('a.cpp', 'int x = 1;'));
    // C#: `out` and `in` are keywords there; JavaScript: `let` and `function` are, `val` is not.
    assert.notDeepEqual(kindsOf('a.cs', 'f(out x);'), kindsOf('a.cs', 'f(y x);'));
    assert.deepEqual(kindsOf('a.js', 'let val = map.get(k);'), kindsOf('a.js', 'let v = m.get(k);'));
    assert.notDeepEqual(kindsOf('a.js', 'let v = 1;'), kindsOf('a.js', 'var v = 1;'));
    // Python: `in` and `not` are keywords; a builtin is itself where it is called, a name where it is assigned.
    assert.notDeepEqual(kindsOf('a.py', 'x in y'), kindsOf('a.py', 'x z y'));
    assert.deepEqual(kindsOf('a.py', 'sum = 0\nmax = 5\n'), kindsOf('a.py', 'total = 0\nlimit = 5\n'));
    assert.notDeepEqual(kindsOf('a.py', 'print(len(x))\n'), kindsOf('a.py', 'show(size(x))\n'));
  });
});
