// Every codicon the extension names exists in the oldest VS Code it supports: an unknown id draws
// nothing at all (template projects had a blank space for an icon: 'repo-template' is no codicon).
// Icons are named as `$(id)` in the manifest and in labels, as `new vscode.ThemeIcon('id')` in
// code, and as `icon: 'id'` in the tree's detail rows; test/unit/codicons.txt says where the list
// of valid ids comes from.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, sourceFiles } from './source-files';
import { REPO_ROOT } from '../repo-root';

const KNOWN = new Set(
  fs
    .readFileSync(path.join(REPO_ROOT, 'test', 'unit', 'codicons.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);

/** The codicon ids a text names, modifiers (`~spin`) removed. */
export function codiconsIn(text: string): string[] {
  const ids: string[] = [];
  // $(id) and $(id~spin), in labels, status bar texts and the manifest.
  for (const m of text.matchAll(/\$\(([a-z0-9-]+)(?:~[a-z]+)?\)/g)) ids.push(m[1]);
  // new ThemeIcon(<first argument>): the string literals in it that are not compared with something.
  for (const m of text.matchAll(/\bThemeIcon\(([^,)]*)/g)) {
    for (const literal of m[1].matchAll(/'([^']*)'/g)) {
      if (!/[=!]=\s*$/.test(m[1].slice(0, literal.index))) ids.push(literal[1].replace(/~[a-z]+$/, ''));
    }
  }
  // icon: 'id' (the tree's detail rows).
  for (const m of text.matchAll(/\bicon:\s*'([^']+)'/g)) ids.push(m[1]);
  return ids;
}

function unknownIn(files: string[]): string[] {
  return files.flatMap((file) =>
    codiconsIn(fs.readFileSync(file, 'utf8'))
      .filter((id) => !KNOWN.has(id))
      .map((id) => `${path.relative(ROOT, file)}: ${id}`),
  );
}

describe('codicons', () => {
  it('has a list of the valid ids', () => {
    assert.ok(KNOWN.size > 500, `only ${KNOWN.size} ids in test/unit/codicons.txt`);
    for (const id of ['add', 'project', 'vm-running', 'loading']) assert.ok(KNOWN.has(id), id);
  });

  it('names only codicons that exist, in src/', () => {
    assert.deepEqual(unknownIn(sourceFiles()), []);
  });

  it('names only codicons that exist, in package.json and package.nls.json', () => {
    assert.deepEqual(unknownIn(['package.json', 'package.nls.json'].map((f) => path.join(ROOT, f))), []);
  });

  it('finds every way the code names an icon', () => {
    const text = [
      "item.iconPath = new vscode.ThemeIcon(project.template ? 'repo-template' : 'project');",
      "new vscode.ThemeIcon('sync~spin', new vscode.ThemeColor('charts.blue'));",
      "new vscode.ThemeIcon(node.severity === 'error' ? 'warning' : 'info');",
      'item.text = `$(cloud) ${name} $(loading~spin)`;',
      "this.node({ kind: 'detail', label: 'Stack', icon: 'layers' });",
      '"icon": "$(cloud-upload)"',
    ].join('\n');
    assert.deepEqual(codiconsIn(text).sort(), ['cloud', 'cloud-upload', 'info', 'layers', 'loading', 'project', 'repo-template', 'sync', 'warning'].sort());
  });
});
