// The part of YAML that Kattis problem.yaml and testdata.yaml files use: nested maps by
// indentation, scalars (plain, quoted, numbers, booleans, null), inline [lists] and block
// "- item" lists of scalars. Anything else is refused with its line number rather than guessed:
// a misread validator flag would judge every submission wrongly. (No YAML library is a
// dependency of the extension; this keeps it that way.)

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

export class YamlError extends Error {}

function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

function scalar(raw: string, lineNo: number): YamlValue {
  const s = raw.trim();
  if (s === '' || s === '~' || s === 'null') return null;
  if (/^"(.*)"$/.test(s)) return JSON.parse(s) as string;
  if (/^'(.*)'$/.test(s)) return s.slice(1, -1).replace(/''/g, "'");
  if (s.startsWith('[')) {
    if (!s.endsWith(']')) throw new YamlError(`line ${lineNo}: an inline list must end on its line`);
    const inner = s.slice(1, -1).trim();
    return inner ? inner.split(',').map((x) => scalar(x, lineNo)) : [];
  }
  if (s.startsWith('{') || s.startsWith('|') || s.startsWith('>') || s.startsWith('&') || s.startsWith('*') || s.startsWith('!')) {
    throw new YamlError(`line ${lineNo}: "${s.slice(0, 20)}" is YAML this reader does not take (use plain keys and values)`);
  }
  if (/^(true|false)$/i.test(s)) return s.toLowerCase() === 'true';
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return Number(s);
  return s;
}

interface Line {
  indent: number;
  text: string;
  no: number;
}

export function parseYaml(text: string): { [key: string]: YamlValue } {
  const lines: Line[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.includes('\t')) throw new YamlError(`line ${i + 1}: tabs are not allowed for indentation in YAML`);
    const stripped = stripComment(raw).replace(/\s+$/, '');
    if (stripped.trim() === '' || stripped.trim() === '---') return;
    lines.push({ indent: stripped.length - stripped.trimStart().length, text: stripped.trim(), no: i + 1 });
  });
  let at = 0;
  const block = (indent: number): YamlValue => {
    if (lines[at].text.startsWith('- ') || lines[at].text === '-') {
      const list: YamlValue[] = [];
      while (at < lines.length && lines[at].indent === indent && (lines[at].text.startsWith('- ') || lines[at].text === '-')) {
        list.push(scalar(lines[at].text.slice(1), lines[at].no));
        at++;
      }
      return list;
    }
    const map: { [key: string]: YamlValue } = {};
    while (at < lines.length && lines[at].indent === indent) {
      const { text: t, no } = lines[at];
      const m = /^("[^"]*"|'[^']*'|[^:]+?):(?:\s+(.*)|$)/.exec(t);
      if (!m) throw new YamlError(`line ${no}: expected "key: value"`);
      const key = String(scalar(m[1], no));
      if (key in map) throw new YamlError(`line ${no}: "${key}" appears twice`);
      at++;
      if (m[2] !== undefined && m[2].trim() !== '') map[key] = scalar(m[2], no);
      else if (at < lines.length && lines[at].indent > indent) map[key] = block(lines[at].indent);
      else map[key] = null;
    }
    if (at < lines.length && lines[at].indent > indent) throw new YamlError(`line ${lines[at].no}: unexpected indentation`);
    return map;
  };
  if (!lines.length) return {};
  if (lines[0].indent !== 0) throw new YamlError(`line ${lines[0].no}: the document must start at column 1`);
  const doc = block(0);
  if (at < lines.length) throw new YamlError(`line ${lines[at].no}: unexpected indentation`);
  if (Array.isArray(doc)) throw new YamlError('the document must be a map of keys, not a list');
  return doc as { [key: string]: YamlValue };
}

/** A scalar as YAML: quoted whenever plain text could be read as something else. */
export function yamlScalar(v: string | number | boolean): string {
  if (typeof v !== 'string') return String(v);
  return /^[A-Za-z][\w .\-()/]*$/.test(v) && !/^(true|false|null|yes|no|on|off)$/i.test(v) && !v.endsWith(' ') ? v : JSON.stringify(v);
}
