// How a message found in a run's output becomes an entry of the Problems panel has one home,
// src/ui/run-diagnostics.ts (toVscodeDiagnostic): Run File, Submit Solution and Submit Folder to
// Project used to build theirs three ways (a one-character squiggle in one, the whole line in
// another, a different source name in the third).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { useScratch, writeTree } from '../scratch';
import { ROOT, sourceFiles } from './source-files';

const HOME = path.join('src', 'ui', 'run-diagnostics.ts');
const BUILDS_ONE = /new vscode\.Diagnostic\(|\bDiagnosticRelatedInformation\(|\bDIAGNOSTICS?_SOURCE\s*=/;

function buildersOutsideHome(root: string): string[] {
  return sourceFiles(path.join(root, 'src'))
    .filter((file) => path.relative(root, file) !== HOME && BUILDS_ONE.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
}

describe('the Problems panel entry of a run', () => {
  const scratch = useScratch();

  it('is built in one place, src/ui/run-diagnostics.ts', () => {
    assert.deepEqual(buildersOutsideHome(ROOT), []);
  });

  it('finds a planted copy', () => {
    const root = writeTree(scratch('se-diag-home-'), {
      'src/features/a.ts': 'const d = new vscode.Diagnostic(range, message);\n',
      'src/features/b.ts': "export const DIAGNOSTICS_SOURCE = 'Sphere Engine';\n",
      'src/ui/run-diagnostics.ts': 'const d = new vscode.Diagnostic(range, message);\n',
    });
    assert.deepEqual(buildersOutsideHome(root).sort(), [path.join('src', 'features', 'a.ts'), path.join('src', 'features', 'b.ts')]);
  });
});
