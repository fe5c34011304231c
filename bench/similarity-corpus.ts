// Synthetic class folders for bench/similarity.bench.ts: N Python solutions of about 150 lines,
// generated deterministically (a seeded PRNG per solution) from statement templates with random
// names, operators, constants and nesting, so that independent solutions differ as students' do;
// every tenth one is a renamed copy of an earlier one with lines inserted, so pairs with real
// matches exist and their regions are recovered.
import * as fs from 'node:fs';
import * as path from 'node:path';

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES =
  'total count best left right mid acc value item key row col step size limit found index start end seen queue stack parts line data result temp score low high width height'.split(
    ' ',
  );
const OPS = ['+', '-', '*', '//', '%'];
const CMPS = ['<', '>', '<=', '>=', '==', '!='];

function program(seed: number, lines = 150): string {
  const r = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const name = () => `${pick(NAMES)}${Math.floor(r() * 4) || ''}`;
  const expr = (): string =>
    r() < 0.3
      ? `${name()} ${pick(OPS)} ${Math.floor(r() * 50)}`
      : r() < 0.5
        ? `len(${name()}) ${pick(OPS)} ${name()}`
        : `${name()} ${pick(OPS)} ${name()} ${pick(OPS)} ${Math.floor(r() * 9) + 1}`;
  const out: string[] = ['import sys', ''];
  let fn = 0;
  while (out.length < lines) {
    out.push(`def f${fn++}(${name()}, ${name()}):`);
    const body = 6 + Math.floor(r() * 14);
    let depth = 1;
    for (let i = 0; i < body; i++) {
      const pad = '    '.repeat(depth);
      const kind = r();
      if (kind < 0.35) out.push(`${pad}${name()} = ${expr()}`);
      else if (kind < 0.45 && depth < 4) {
        out.push(`${pad}for ${name()} in range(${expr()}):`);
        depth++;
        out.push(`${'    '.repeat(depth)}${name()} += ${expr()}`);
      } else if (kind < 0.55 && depth < 4) {
        out.push(`${pad}if ${name()} ${pick(CMPS)} ${expr()}:`);
        depth++;
        out.push(`${'    '.repeat(depth)}${name()}.append(${expr()})`);
      } else if (kind < 0.62 && depth < 4) {
        out.push(`${pad}while ${name()} ${pick(CMPS)} ${Math.floor(r() * 100)}:`);
        depth++;
        out.push(`${'    '.repeat(depth)}${name()} ${pick(OPS)}= ${Math.floor(r() * 7) + 1}`);
      } else if (kind < 0.72) out.push(`${pad}${name()}[${name()}] = ${name()}.get(${name()}, ${Math.floor(r() * 3)})`);
      else if (kind < 0.8) out.push(`${pad}print(${name()}, ${expr()})`);
      else if (kind < 0.9 && depth > 1) depth--;
      else out.push(`${pad}${name()} = f${Math.floor(r() * Math.max(1, fn))}(${name()}, ${expr()})`);
    }
    out.push(`    return ${expr()}`, '');
  }
  out.push('print(f0(int(sys.stdin.readline()), 3))');
  return out.join('\n') + '\n';
}

/** A student's copy: names changed, a few lines inserted. */
function disguised(text: string, seed: number): string {
  const r = prng(seed);
  const renamed = text.replace(/\b(total|count|best|value|item|result|score)\b/g, (w) => `${w}_${seed % 97}`);
  return renamed
    .split('\n')
    .flatMap((l) => (r() < 0.05 && /^\s+\S/.test(l) && !l.trimEnd().endsWith(':') ? [l, `${/^\s*/.exec(l)![0]}unused = ${Math.floor(r() * 100)}`] : [l]))
    .join('\n');
}

export function writeClass(dir: string, count: number): void {
  fs.mkdirSync(dir, { recursive: true });
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    texts.push(i % 10 === 9 ? disguised(texts[i - 5], i) : program(i + 1));
    fs.writeFileSync(path.join(dir, `student${String(i).padStart(4, '0')}.py`), texts[i]);
  }
}
