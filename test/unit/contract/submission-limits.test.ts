// The submission limits have one home, contract/submission-limits.ts: the source size POST
// /submissions accepts and the ids one GET /submissions?ids= takes. The extension checks a request
// against them and the emulator refuses more; neither writes the number again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MAX_IDS_PER_REQUEST, MAX_SUBMISSION_SOURCE_BYTES } from '../../../contract';
import { REPO_ROOT } from '../../repo-root';
import { useScratch, writeTree } from '../../scratch';
import { sourceFiles } from '../source-files';

/**
 * A source limit named and valued (`MAX_SOURCE_BYTES = 64 * 1024`, `sourceBytes: 65536`), an ids
 * limit likewise (`MAX_IDS = 20`), or the ids limit in words (`at most 20 ids`). Other 64 KiB
 * figures (a read buffer, an error body's cap) are other concepts and named otherwise.
 */
const COPY = [/\w*source\w*\s*[:=]\s*(?:64\s*\*\s*1024|65536|65_536)\b(?!\s*\*)/i, /\w*ids\w*\s*[:=]\s*20\b/i, /\b20\s+(?:submission\s+)?ids\b/i];

function copiesUnder(root: string): string[] {
  return ['src', 'emulator', 'contract'].flatMap((dir) =>
    sourceFiles(path.join(root, dir)).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (COPY.some((re) => re.test(line)) && !/^\s*(\/\/|\/?\*)/.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
    ),
  );
}

describe('submission limits', () => {
  const scratch = useScratch();

  it('are written once, in contract/, for the extension and the emulator alike', () => {
    assert.deepEqual(copiesUnder(REPO_ROOT), ['contract/submission-limits.ts:6', 'contract/submission-limits.ts:9']);
    assert.equal(MAX_SUBMISSION_SOURCE_BYTES, 64 * 1024);
    assert.equal(MAX_IDS_PER_REQUEST, 20);
  });

  it('finds a planted copy', () => {
    const root = writeTree(scratch('se-limits-'), {
      'emulator/a.ts': 'const MAX_SOURCE_BYTES = 64 * 1024;\nconst MAX_IDS = 20;\nconst BUFFER = 64 * 1024;\n',
      'src/b.ts': "const LIMITS = { sourceBytes: 65536 };\nconst m = 'at most 20 ids';\nconst big = { sourceBytes: 64 * 1024 * 1024 };\n",
    });
    assert.deepEqual(copiesUnder(root), ['src/b.ts:1', 'src/b.ts:2', 'emulator/a.ts:1', 'emulator/a.ts:2']);
  });
});
