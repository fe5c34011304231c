// No feature keeps mutable state at module level (issue 27): state lives in objects its
// register…Feature creates, disposes and hands over (handles, services.events), so registration
// order, a second activation in tests and disposal all behave. Read-only lookup tables are fine
// when typed as such (ReadonlySet, ReadonlyMap).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, SRC, sourceFiles } from './source-files';

/** Top-level declarations in `text` that hold mutable state, as "line: text". */
export function moduleState(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const mutableBinding = /^(export\s+)?(let|var)\s/.test(line);
    const mutableCollection =
      /^(export\s+)?const\s+\w+\s*(:[^=]+)?=\s*new\s+(Map|Set|WeakMap|WeakSet|Array|(vscode\.)?EventEmitter)\b/.test(line) ||
      /^(export\s+)?const\s+\w+\s*(:[^=]+)?=\s*(\[\]|\{\})\s*;/.test(line);
    const readOnly = /^(export\s+)?const\s+\w+\s*:\s*Readonly/.test(line);
    if (mutableBinding || (mutableCollection && !readOnly)) found.push(`${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('feature module state', () => {
  it('no file under src/features holds mutable state at module level', () => {
    const files = sourceFiles(path.join(SRC, 'features'));
    assert.ok(files.length > 50, `only ${files.length} feature files found`);
    const found = files.flatMap((file) => moduleState(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)}:${hit}`));
    assert.deepEqual(found, []);
  });

  it('finds planted module state and lets read-only tables and locals pass', () => {
    const planted = [
      'let loaded: X | undefined;',
      'export let count = 0;',
      'const byFolder = new Map<string, number>();',
      'const changed = new vscode.EventEmitter<string>();',
      'const seen: string[] = [];',
      "const KEEP: ReadonlySet<string> = new Set(['p']);",
      'const LIMIT = 5;',
      '  let local = 1;',
      '  const inner = new Map();',
    ].join('\n');
    assert.deepEqual(moduleState(planted), [
      '1: let loaded: X | undefined;',
      '2: export let count = 0;',
      '3: const byFolder = new Map<string, number>();',
      '4: const changed = new vscode.EventEmitter<string>();',
      '5: const seen: string[] = [];',
    ]);
  });
});
