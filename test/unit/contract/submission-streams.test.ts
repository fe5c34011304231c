// The streams of a Compilers and of a Problems submission have one home, contract/submission-streams.ts:
// the extension's clients and the emulator that serves them name the lists from there, never in a
// list or a union type of their own.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMPILERS_STREAMS, PROBLEMS_STREAMS } from '../../../contract';
import { REPO_ROOT } from '../../repo-root';
import { useScratch, writeTree } from '../../scratch';
import { sourceFiles } from '../source-files';

/** Compilers' list (the input beside the source) or Problems' (output, error, cmpinfo, debug), as a list or a union. */
const LISTED = [/'source'\s*[,|]\s*'input'\s*[,|]\s*'output'/, /'output'\s*[,|]\s*'error'\s*[,|]\s*'cmpinfo'\s*[,|]\s*'debug'/];

function copiesUnder(root: string): string[] {
  return ['src', 'emulator', 'contract']
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .filter((file) => LISTED.some((re) => re.test(fs.readFileSync(file, 'utf8'))))
    .map((file) => path.relative(root, file));
}

describe('Compilers and Problems submission streams', () => {
  const scratch = useScratch();

  it('are listed once, in contract/, for the extension and the emulator alike', () => {
    assert.deepEqual(copiesUnder(REPO_ROOT), [path.join('contract', 'submission-streams.ts')]);
    for (const list of [COMPILERS_STREAMS, PROBLEMS_STREAMS]) assert.equal(new Set(list).size, list.length);
  });

  it('finds a planted copy', () => {
    const root = writeTree(scratch('se-streams-'), {
      'emulator/a.ts': "export const S = ['source', 'input', 'output', 'error', 'cmpinfo'] as const;\n",
      'src/b.ts': "export type P = 'source' | 'output' | 'error' | 'cmpinfo' | 'debug';\n",
    });
    assert.deepEqual(copiesUnder(root), [path.join('src', 'b.ts'), path.join('emulator', 'a.ts')]);
  });
});
