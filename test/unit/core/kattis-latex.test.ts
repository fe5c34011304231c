// A LaTeX-only Kattis statement becomes Markdown (issue 38): quotes, dashes, ties and math as TeX
// prints them, code fenced, simple tables as tables, images copied with the statement; whatever is
// not converted is left as written and named in the import's notes, never dropped. Statements of
// our own.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { importKattis } from '../../../src/core/kattis';
import { convertLatexStatement, latexToMarkdown } from '../../../src/core/kattis/latex-statement';
import { useScratch, writeTree as tree } from '../../scratch';

describe('LaTeX statement → Markdown', () => {
  it('turns TeX quotes, dashes and ties into the characters they print', () => {
    assert.equal(latexToMarkdown("He said ``hello'' and `bye', pages 1--3 --- done, Mr.~Smith.\n"), 'He said “hello” and ‘bye’, pages 1–3 — done, Mr.\u00a0Smith.\n');
  });

  it('writes inline math as $..$ and display math as $$ blocks on their own lines, leaving what is inside untouched', () => {
    const md = latexToMarkdown(
      "Let \\(a_i -- b\\) and $x'' \\le 10^{9}$ hold.\n\\[ \\sum_{i=1}^{n} a_i \\]\nand $$ x~y $$ then\n\\begin{equation}\\label{eq:1} n^2 \\end{equation}\n",
    );
    assert.equal(md, "Let $a_i -- b$ and $x'' \\le 10^{9}$ hold.\n\n$$\n\\sum_{i=1}^{n} a_i\n$$\n\nand\n\n$$\nx~y\n$$\n\nthen\n\n$$\nn^2\n$$\n");
  });

  it('turns align* into an aligned block that the preview renders', () => {
    assert.equal(latexToMarkdown('\\begin{align*} a &= b \\\\ c &= d \\end{align*}'), '$$\n\\begin{aligned}\na &= b \\\\ c &= d\n\\end{aligned}\n$$\n');
  });

  it('fences verbatim and lstlisting (with its language), and \\verb and \\texttt as inline code', () => {
    const md = latexToMarkdown(
      "Run \\verb|a_b --x| or \\texttt{x\\_y 'q'}:\n\\begin{verbatim}\n  if a -- b: ``x''\n    y\n\\end{verbatim}\n\\begin{lstlisting}[language=Python]\nprint(1)\n\\end{lstlisting}\n",
    );
    assert.equal(md, "Run `a_b --x` or `x_y 'q'`:\n\n```\n  if a -- b: ``x''\n    y\n```\n\n```python\nprint(1)\n```\n");
  });

  it('makes a web link of \\url and \\href, and no link of another scheme', () => {
    assert.equal(
      latexToMarkdown('See \\url{https://example.com/a_b} and \\href{https://example.com}{the site}, not \\href{command:x.y}{this}.'),
      'See <https://example.com/a_b> and [the site](<https://example.com>), not this (`command:x.y`).\n',
    );
  });

  it('keeps a % in a URL, which is no comment there', () => {
    assert.equal(
      latexToMarkdown('See \\url{https://example.com/a%20b#x} and \\href{https://example.com/c\\%20d}{this}. % a comment'),
      'See <https://example.com/a%20b#x> and [this](<https://example.com/c%20d>).\n',
    );
  });

  it('turns a simple tabular into a Markdown table, math and emphasis in its cells', () => {
    const md = latexToMarkdown(
      '\\noindent\n\\begin{tabular}{|l|c|p{3cm}|}\n\\hline\nGroup & Points & Limits \\\\ \\hline\n$1$ & 20 & \\emph{small} --- $N \\le 5$ \\\\\n\\hline\n\\end{tabular}\n',
    );
    assert.equal(md, '| Group | Points | Limits |\n| --- | --- | --- |\n| $1$ | 20 | *small* — $N \\le 5$ |\n');
  });

  it('keeps a tabular that is not simple as written and reports it', () => {
    const tex = '\\begin{tabular}{ll}\n\\multicolumn{2}{c}{Both} \\\\\na & b \\\\\n\\end{tabular}\n';
    const out = convertLatexStatement(tex);
    assert.equal(out.markdown, `${tex.trim()}\n`);
    assert.deepEqual([...out.left], [['{tabular}', 1]]);
  });

  it('lists, nested and numbered, with description terms', () => {
    const md = latexToMarkdown(
      'Steps:\n\\begin{enumerate}\n\\item first\n\\item second\n  \\begin{itemize}\n  \\item inner\n  \\end{itemize}\n\\end{enumerate}\n\\begin{description}\\item[$n$] the size\\end{description}\nAfter.',
    );
    assert.equal(md, 'Steps:\n\n1. first\n1. second\n  - inner\n\n- **$n$** the size\n\nAfter.\n');
  });

  it('accents and escaped characters', () => {
    assert.equal(
      latexToMarkdown('Erd\\H{o}s, G\\"odel, \\\'{e}t\\\'e, \\aa{}ngstr\\"om: 50\\% \\& \\$3 \\#1 a\\_b \\{x\\}'),
      'Erdős, Gödel, été, ångström: 50% & \\$3 \\#1 a\\_b {x}\n',
    );
  });

  it('shows images through the link the import gives, and says when one is not imported', () => {
    const asked: string[] = [];
    const out = convertLatexStatement('\\illustration{0.3}{cave.png}{A cave}\nText \\includegraphics[width=2cm]{fig/tree}.\n', {
      image: (name) => (asked.push(name), name === 'cave.png' ? 'statement-images/cave.png' : undefined),
    });
    assert.deepEqual(asked.sort(), ['cave.png', 'fig/tree']);
    assert.equal(out.markdown, '![A cave](<statement-images/cave.png>)\n*A cave*\n\nText *(image `fig/tree` not imported)*.\n');
  });

  it('names the commands and environments it left as written, with how often, and drops only layout', () => {
    const out = convertLatexStatement('\\noindent\\medskip Hi \\foo{x} and \\foo{y}\\vspace{1em}\n\\begin{wrapfigure}{r}x\\end{wrapfigure}\\ref{s}\n');
    assert.equal(out.markdown, 'Hi \\foo{x} and \\foo{y}\n\\begin{wrapfigure}{r}x\\end{wrapfigure}\\ref{s}\n');
    assert.deepEqual(
      [...out.left],
      [
        ['{wrapfigure}', 1],
        ['\\foo', 2],
        ['\\ref', 1],
      ],
    );
  });

  it("expands the statement's own macros, with arguments and inside math, and drops their definitions", () => {
    const md = latexToMarkdown('\\newcommand{\\maxn}{10^5}\n\\newcommand\\pair[2]{(#1, #2)}\n\\def\\big{\\maxn}\nLet $n \\le \\maxn$ and \\pair{a}{b}, at most \\big{} items.\n');
    assert.equal(md, 'Let $n \\le 10^5$ and (a, b), at most 10^5 items.\n');
  });

  it('gives the sections of the BAPC class as headings, drops an empty \\problemname and discretionary hyphens', () => {
    const md = latexToMarkdown('\\problemname{}\nIntro infra\\-structure.\n\\begin{Input}\nOne line.\n\\end{Input}\n\\begin{Output}\nA number.\n\\end{Output}\n');
    assert.equal(md, 'Intro infrastructure.\n\n## Input\n\nOne line.\n\n## Output\n\nA number.\n');
  });

  it('converts a hostile statement in bounded work: unclosed groups and delimiters, macros that double the text', () => {
    const unclosed = `${'$$ \\textbf{x \\( a \\[ b { '.repeat(60000)}`.replace(/\$\$/g, (d, at: number) => (at ? '' : d));
    assert.equal(convertLatexStatement(unclosed).markdown, `${unclosed.trim()}\n`);
    const laughs = ['\\def\\a{lol}', ...Array.from({ length: 40 }, (_, i) => `\\def\\m${i}{${i ? `\\m${i - 1}\\m${i - 1}` : '\\a\\a'}}`), '\\m39'].join('\n');
    assert.ok(convertLatexStatement(laughs).markdown.length < 4 * laughs.length + 65536 * 2);
  });

  it("stands in for problemtools' sample placeholders", () => {
    assert.equal(
      latexToMarkdown('Example:\n\\nextsample\nMore:\n\\remainingsamples'),
      'Example:\n\n*(The next sample test case is shown here.)*\n\nMore:\n\n*(The remaining sample test cases are shown here.)*\n',
    );
  });
});

describe('Kattis import of a LaTeX statement', () => {
  const scratch = useScratch();
  const PNG = '\x89PNG\r\n\x1a\nnot really\n';

  it('copies the images inside the package with the statement, reports one outside it and the commands left, and notes each', () => {
    const outside = path.join(scratch('kattis-latex-outside-'), 'secret.png');
    fs.writeFileSync(outside, PNG);
    const pkg = tree(scratch('kattis-latex-'), {
      'problem.yaml': 'name: Cave\n',
      'problem_statement/problem.en.tex':
        "\\problemname{Cave}\n\\illustration{.3}{cave}{A ``cave''}\nSee \\includegraphics{fig/plan.pdf} and \\includegraphics{../../secret.png} and \\includegraphics{gone}.\n\\foo{1}\n",
      'problem_statement/cave.png': PNG,
      'problem_statement/fig/plan.pdf': '%PDF-1.4\n',
      'data/sample/1.in': '1\n',
      'data/sample/1.ans': '1\n',
    });
    const dir = path.join(scratch('kattis-latex-folder-'), 'cave');
    const result = importKattis(pkg, dir);
    assert.equal(
      fs.readFileSync(path.join(dir, 'statement.md'), 'utf8'),
      '# Cave\n![A “cave”](<statement-images/cave.png>)\n*A “cave”*\n\nSee *(image `fig/plan.pdf` not imported)* and *(image `../../secret.png` not imported)* and *(image `gone` not imported)*.\n\\foo{1}\n',
    );
    assert.equal(fs.readFileSync(path.join(dir, 'statement-images/cave.png'), 'utf8'), PNG);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'statement-images')), ['cave.png']);
    assert.deepEqual(result.notImported, [
      'problem_statement/fig/plan.pdf: an image the statement shows, in a format a Markdown preview cannot show: not imported; convert it to PNG into statement-images/ and link it from statement.md.',
      "problem_statement/../../secret.png: an image the statement shows, outside the statement's folder: not imported (the statement says where it was).",
      'problem_statement/gone: an image the statement shows, not in the package (or a link leaving it): not imported; the statement says where it was.',
    ]);
    assert.ok(result.notes.includes('The 1 image(s) the statement shows are copied into statement-images/.'), result.notes.join('\n'));
    assert.ok(
      result.notes.includes(
        "The LaTeX statement's \\foo (1) have no Markdown equivalent and are left as written in statement.md: edit them there by hand (the original is in statement-source/).",
      ),
      result.notes.join('\n'),
    );
  });

  it("replaces 2025-09 \\constant{name} and \\constant{name.variant} with problem.yaml's values, and reports an unknown one", () => {
    const pkg = tree(scratch('kattis-latex-constants-'), {
      'problem.yaml': 'problem_format_version: 2025-09\nname: Five\nconstants:\n  FIVE:\n    value: 5\n    WORD: five\n  SIX: 6\n',
      'statement/problem.en.tex': 'Print \\constant{FIVE} (\\constant{FIVE.WORD}), never $\\constant{SIX}$ or \\constant{SEVEN}.\n',
      'data/sample/1.in': '1\n',
      'data/sample/1.ans': '5\n',
    });
    const dir = path.join(scratch('kattis-latex-constants-folder-'), 'five');
    const result = importKattis(pkg, dir);
    assert.equal(fs.readFileSync(path.join(dir, 'statement.md'), 'utf8'), 'Print 5 (five), never $6$ or \\constant{SEVEN}.\n');
    assert.ok(
      result.notes.some((n) => n.startsWith("The LaTeX statement's \\constant (1) have no Markdown equivalent")),
      result.notes.join('\n'),
    );
  });

  it('follows no link to an image outside the package', () => {
    const outside = path.join(scratch('kattis-latex-link-out-'), 'secret.png');
    fs.writeFileSync(outside, 'host secret 4242\n');
    const pkg = tree(scratch('kattis-latex-link-'), {
      'problem.yaml': 'name: Cave\n',
      'problem_statement/problem.en.tex': '\\includegraphics{leak.png}\n',
      'data/sample/1.in': '1\n',
      'data/sample/1.ans': '1\n',
    });
    fs.symlinkSync(outside, path.join(pkg, 'problem_statement/leak.png'));
    const dir = path.join(scratch('kattis-latex-link-folder-'), 'cave');
    const result = importKattis(pkg, dir);
    assert.equal(fs.existsSync(path.join(dir, 'statement-images')), false);
    assert.match(result.notImported.join('\n'), /problem_statement\/leak\.png: an image the statement shows, not in the package \(or a link leaving it\): not imported/);
  });
});
