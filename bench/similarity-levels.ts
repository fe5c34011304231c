// The leveled corpus for `npm run bench -- similarity`: for each of three tasks, independent
// solutions written here in Java, C++ and Python (Java and Python from test/fixtures/similarity's
// originals, C++ from test/fixtures/similarity/leveled), and of each one a copy disguised at six
// cumulative levels, as a student hides a copy step by step (after the leveled scheme of
// Faidhi and Robinson): L1 layout and comments; L2 + names; L3 + declarations and functions
// reordered; L4 + expressions extracted into functions of their own; L5 + loops rewritten (for ↔
// while) and increments and compound assignments spelled out; L6 + statements inserted (dead
// blocks, and a statement that changes nothing after every third one).
// The copies are text surgery, as a person would do it: they are not compiled (an extracted
// helper's parameter types are guessed), which changes nothing for a token-based comparison.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { disguise } from '../test/fixtures/similarity/disguise';

export const LEVELS = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6'] as const;
export type Level = (typeof LEVELS)[number];
export const TASKS = ['wordfreq', 'islands', 'intervals'];

export const LANGUAGES = ['java', 'cpp', 'py'] as const;

/** One class: a task's independent solutions in one language, and every copy of each, by level. */
export interface LeveledClass {
  task: string;
  language: (typeof LANGUAGES)[number];
  originals: Array<{ name: string; text: string }>;
  copies: Array<{ name: string; of: string; level: Level; text: string }>;
}

const FIXTURES = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'similarity');

/** One class per language, its three tasks together (as a teacher may check a whole homework set). */
export function leveledClasses(): LeveledClass[] {
  return LANGUAGES.map((language) => {
    const originals = TASKS.flatMap((task) => {
      const dir = language === 'cpp' ? path.join(FIXTURES, 'leveled', task) : path.join(FIXTURES, task, 'originals');
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(`.${language}`))
        .sort()
        .map((name) => ({ name: `${task}-${name}`, text: fs.readFileSync(path.join(dir, name), 'utf8') }));
    });
    const copies = originals.flatMap((o) => disguisedLevels(o.text, o.name).map((text, i) => ({ name: o.name.replace(/(\.\w+)$/, `-${LEVELS[i]}$1`), of: o.name, level: LEVELS[i], text })));
    return { task: 'all', language, originals, copies };
  });
}

/**
 * The copy at each level, each level adding its disguise to the one before. Layout and comments
 * (L1) go on last at every level: the structural edits read the code as its author laid it out.
 */
export function disguisedLevels(text: string, file: string): string[] {
  const py = file.endsWith('.py');
  const layout = (t: string) => disguise(disguise(t, file, 'comments'), file, 'reformat');
  const s2 = disguise(text, file, 'rename');
  const reordered = disguise(s2, file, 'reorder');
  const s3 = swapDeclarations(reordered, py);
  const s4 = extractFunctions(s3, py, file.endsWith('.java'));
  const s5 = spellOutIncrements(disguise(s4, file, 'forwhile'), py);
  const s6 = insertStatements(disguise(s5, file, 'deadcode'), py, file.endsWith('.java'));
  return [text, s2, s3, s4, s5, s6].map(layout);
}

const NOT_PARAMETERS = new Set(
  `if else for while return int long char double float bool boolean new true false null None True False and or not in is len str min max sum abs sorted range print this self std size length push_back`.split(' '),
);

/** The names an expression reads (not calls, fields or keywords): the extracted helper's parameters. */
function parametersOf(expr: string): string[] {
  const names = new Set<string>();
  const stripped = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '');
  for (const m of stripped.matchAll(/(?<![.\w>])([A-Za-z_]\w*)\b(?!\s*[(<])/g)) if (!NOT_PARAMETERS.has(m[1]) && !/^[A-Z_]+$/.test(m[1])) names.add(m[1]);
  return [...names];
}

/** L3's second half: every two adjacent statements that do not read each other's variable swap. */
export function swapDeclarations(text: string, py: boolean): string {
  const lines = text.split('\n');
  const statement = py ? /^(\s+)(\w+) = [^=].*$/ : /^(\s+)(?:[\w<>:,]+\s+)?(\w+)(?: = [^=].*)?;$/;
  for (let i = 0; i + 1 < lines.length; i++) {
    const a = statement.exec(lines[i]);
    const b = statement.exec(lines[i + 1]);
    if (!a || !b || a[1] !== b[1] || a[2] === b[2] || /\b(return|break|continue)\b/.test(lines[i] + lines[i + 1])) continue;
    if (new RegExp(`\\b${a[2]}\\b`).test(lines[i + 1]) || new RegExp(`\\b${b[2]}\\b`).test(lines[i])) continue;
    [lines[i], lines[i + 1]] = [lines[i + 1], lines[i]];
    i++;
  }
  return lines.join('\n');
}

/** L4: up to two computed right-hand sides become calls of a new helper function placed before their function. */
export function extractFunctions(text: string, py: boolean, java: boolean): string {
  const lines = text.split('\n');
  const assignment = py ? /^(\s+)([\w.[\]]+) = (.*[-+*/%(].*)$/ : /^(\s+)((?:(?:int|long|double|auto|bool|boolean|char|String|long long)\s+)?[\w.[\]]+) = (.*[-+*/%(].*);$/;
  const head = py ? /^def \w+\(/ : java ? /^ {4}\S.*\)\s*(throws [\w, ]+)?\s*\{?\s*$/ : /^[A-Za-z].*\)\s*(const)?\s*\{?\s*$/;
  let made = 0;
  for (let i = 0; i < lines.length && made < 2; i++) {
    const m = assignment.exec(lines[i]);
    if (!m || /\b(new|lambda|input|scanf|cin|read|next)\b|\?|=>|\[\]|\{/.test(m[3]) || m[3].length < 8) continue;
    let start = i;
    while (start > 0 && !head.test(lines[start])) start--;
    if (!head.test(lines[start]) || /\b(class|struct)\b/.test(lines[start])) continue;
    const params = parametersOf(m[3]);
    if (params.length === 0 || params.length > 4) continue;
    made++;
    const name = `compute${made}`;
    lines[i] = `${m[1]}${m[2]} = ${name}(${params.join(', ')})${py ? '' : ';'}`;
    const helper = py
      ? [`def ${name}(${params.join(', ')}):`, `    return ${m[3]}`, '', '']
      : java
        ? [`    static long ${name}(${params.map((p) => `long ${p}`).join(', ')}) {`, `        return ${m[3]};`, '    }', '']
        : [`static long long ${name}(${params.map((p) => `long long ${p}`).join(', ')}) {`, `    return ${m[3]};`, '}', ''];
    lines.splice(start, 0, ...helper);
    i += helper.length;
  }
  return made > 0 ? lines.join('\n') : extractCall(lines, py, java, head);
}

/** L4 where no expression could move: the first call statement in a function becomes a helper of its own. */
function extractCall(lines: string[], py: boolean, java: boolean, head: RegExp): string {
  const call = py ? /^(\s+)([\w.]+\(.*\))$/ : /^(\s+)([\w.:]+\(.*\));$/;
  for (let i = 0; i < lines.length; i++) {
    const m = call.exec(lines[i]);
    if (!m || /\b(return|if|while|for|scanf|cin|input|read|next)\b/.test(m[2])) continue;
    let start = i;
    while (start > 0 && !head.test(lines[start])) start--;
    if (!head.test(lines[start]) || /\b(class|struct)\b/.test(lines[start])) continue;
    const params = parametersOf(m[2]);
    if (params.length > 4) continue;
    lines[i] = `${m[1]}step(${params.join(', ')})${py ? '' : ';'}`;
    const helper = py
      ? [`def step(${params.join(', ')}):`, `    ${m[2]}`, '', '']
      : java
        ? [`    static void step(${params.map((p) => `Object ${p}`).join(', ')}) {`, `        ${m[2]};`, '    }', '']
        : [`static void step(${params.map((p) => `auto &${p}`).join(', ')}) {`, `    ${m[2]};`, '}', ''];
    lines.splice(start, 0, ...helper);
    break;
  }
  return lines.join('\n');
}

/** L5's second half: `i++` as a statement or a loop step, and `x += e`, written out in full. */
export function spellOutIncrements(text: string, py: boolean): string {
  if (py) return text.replace(/^(\s*)(\w+) ([-+*])= (.+)$/gm, (_m, ind: string, v: string, op: string, e: string) => `${ind}${v} = ${v} ${op} ${/[-+]/.test(e) && op !== '+' ? `(${e})` : e}`);
  return text
    .replace(/^(\s*)(\+\+|--)?(\w+)(\+\+|--)?;$/gm, (m, ind: string, pre?: string, v?: string, post?: string) => ((pre ?? post) ? `${ind}${v} = ${v} ${(pre ?? post)![0]} 1;` : m))
    .replace(/;\s*(\+\+|--)?(\w+)(\+\+|--)?\)/g, (m, pre?: string, v?: string, post?: string) => ((pre ?? post) ? `; ${v} ${(pre ?? post)![0]}= 1)` : m))
    .replace(/^(\s*)(\w+) ([-+*])= ([^;?]+);$/gm, (_m, ind: string, v: string, op: string, e: string) => `${ind}${v} = ${v} ${op} ${/[-+]/.test(e) && op !== '+' ? `(${e})` : e};`);
}

/** L6's second half: after every third simple statement in a function, one that changes nothing. */
export function insertStatements(text: string, py: boolean, java: boolean): string {
  const minIndent = java ? 8 : 4;
  const balanced = (l: string) => [...l].reduce((d, c) => d + ('([{'.includes(c) ? 1 : ')]}'.includes(c) ? -1 : 0), 0) === 0;
  const out: string[] = [];
  let seen = 0;
  let made = 0;
  for (const line of text.split('\n')) {
    out.push(line);
    const ind = /^\s*/.exec(line)![0];
    const simple = py ? !/[:,\\]\s*$/.test(line) && !/^\s*(return|break|continue|raise|#)/.test(line) : /;\s*$/.test(line) && !/^\s*(return|break|continue|throw|for)\b/.test(line);
    if (!line.trim() || ind.length < minIndent || !simple || !balanced(line) || ++seen % 3 !== 0) continue;
    made++;
    const forms = py ? [`spare${made} = ${made}`, `mark${made} = ${made} + 1`, `ratio${made} = ${made} / 2.0`] : [`int spare${made} = ${made};`, `long mark${made} = ${made} + 1;`, `double ratio${made} = ${made} / 2.0;`];
    out.push(ind + forms[made % 3]);
  }
  return out.join('\n');
}

/** Writes one class to a folder (for Dolos, which reads files) and returns the paths by name. */
export function writeLeveledClass(dir: string, cls: LeveledClass): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const f of [...cls.originals, ...cls.copies]) fs.writeFileSync(path.join(dir, f.name), f.text);
}
