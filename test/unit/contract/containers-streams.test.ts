// The Containers submission and workspace streams have one home, contract/containers-streams.ts:
// the extension and the emulator that serves them name the lists from there, never in a list or a
// union type of their own.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CONTAINERS_SUBMISSION_STREAMS, CONTAINERS_WORKSPACE_STREAMS } from '../../../contract';
import { REPO_ROOT } from '../../repo-root';
import { sourceFiles } from '../source-files';

/**
 * A list literal that spells every stream out: 'source', 'auxdata', then the stages. (A chosen few in
 * an order of their own, as the output's SHOWN_STREAMS, is a choice, not a copy.)
 */
const LISTED = /'source',\s*\n\s*'auxdata',\s*\n\s*'tests_report',/;

/** A list or a union type of the workspace streams: the init output beside the init error. */
const WORKSPACE_LISTED = /'workspace_init_output'\s*[,|]\s*'workspace_init_error'/;

function copiesUnder(root: string): string[] {
  return ['src', 'emulator', 'contract']
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .filter((file) => [LISTED, WORKSPACE_LISTED].some((re) => re.test(fs.readFileSync(file, 'utf8'))))
    .map((file) => path.relative(root, file));
}

describe('Containers submission streams', () => {
  it('are listed once, in contract/, for the extension and the emulator alike', () => {
    assert.deepEqual(copiesUnder(REPO_ROOT), [path.join('contract', 'containers-streams.ts')]);
    assert.equal(new Set(CONTAINERS_SUBMISSION_STREAMS).size, CONTAINERS_SUBMISSION_STREAMS.length);
    assert.equal(new Set(CONTAINERS_WORKSPACE_STREAMS).size, CONTAINERS_WORKSPACE_STREAMS.length);
  });

  it('finds a planted copy', () => {
    const root = fs.mkdtempSync(path.join(fs.realpathSync.native(os.tmpdir()), 'se-streams-'));
    try {
      fs.mkdirSync(path.join(root, 'emulator'), { recursive: true });
      fs.writeFileSync(path.join(root, 'emulator', 'a.ts'), "export const S = [\n  'source',\n  'auxdata',\n  'tests_report',\n];\n");
      fs.mkdirSync(path.join(root, 'src'), { recursive: true });
      fs.writeFileSync(path.join(root, 'src', 'b.ts'), "export type W = 'workspace_init_output' | 'workspace_init_error' | 'workspace_files_to_override';\n");
      fs.writeFileSync(path.join(root, 'emulator', 'c.ts'), "export const W = ['workspace_init_output', 'workspace_init_error'] as const;\n");
      assert.deepEqual(copiesUnder(root), [path.join('src', 'b.ts'), path.join('emulator', 'a.ts'), path.join('emulator', 'c.ts')]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
