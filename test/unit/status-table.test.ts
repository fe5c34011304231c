// The v4 status codes have one home, contract/status-table.ts: one row per code, and no module of
// the extension or the emulator spells a final status as a bare number beside it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { kattisVerdictOf, runKindOf, STATUS_TABLE, statusFromShort, statusRow, statusShort, SUBMISSION_STATUS } from '../../contract';
import { REPO_ROOT } from '../repo-root';
import { sourceFiles } from './source-files';

/**
 * A final status (11-22) compared, set, listed or named as a bare number, or the line between
 * pending and final (`code >= 10`, `[0, 1, 2, 3]`) drawn by hand: a second copy of a table (the v4
 * one, or Containers v1's in contract/containers-status.ts).
 */
const BARE_STATUS =
  /(?:\b(?:code|status|statusCode)\s*(?:>=?|<=?)\s*(?:9|10|11)\b)|(?:\[\s*0\s*,\s*1\s*,\s*2\s*,\s*3\b)|(?:\b(?:code|status|statusCode)\s*(?:[!=]==?|=)\s*(?:1[1-9]|2[0-2])\b(?!\s*[*/+-]))|(?:\[\s*1[1-7]\s*,\s*1[1-9]\b)|(?:\b[A-Z_]*(?:ACCEPTED|_OK)\s*=\s*(?:1[1-9]|2[0-2])\b)|(?:\b(?:1[1-9]|2[0-2])\s*:\s*\{?\s*(?:name:\s*)?'(?:CE|RE|TLE|WA|AC|MLE|SC|IE|ok|fail|build error|project error|accepted|wrong answer|runtime error|time limit exceeded|compilation error)')/;

/** Where the project's code lives: the extension, the emulator and the benches. */
const SCANNED = ['src', 'emulator', 'bench'];

function bareStatusLines(root: string): string[] {
  return SCANNED.flatMap((dir) =>
    sourceFiles(path.join(root, dir)).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (BARE_STATUS.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    ),
  );
}

describe('the status table', () => {
  it('has one row per code, and a row for every code', () => {
    const codes = STATUS_TABLE.map((r) => r.code);
    assert.equal(new Set(codes).size, codes.length, 'a code with two rows');
    assert.deepEqual(
      [...codes].sort((a, b) => a - b),
      Object.values(SUBMISSION_STATUS).sort((a, b) => a - b),
    );
    for (const r of STATUS_TABLE) assert.equal(SUBMISSION_STATUS[r.key], r.code, r.key);
  });

  it('says what each final status means for a round, for Kattis and for master judges', () => {
    assert.equal(runKindOf(SUBMISSION_STATUS.accepted), 'ok');
    assert.equal(runKindOf(SUBMISSION_STATUS.memoryLimitExceeded), 'crash');
    assert.equal(runKindOf(SUBMISSION_STATUS.timeLimitExceeded), 'timeout');
    assert.equal(runKindOf(999), 'other');
    assert.equal(kattisVerdictOf(SUBMISSION_STATUS.memoryLimitExceeded), 'RTE');
    assert.equal(kattisVerdictOf(SUBMISSION_STATUS.judgeError), 'status 21');
    assert.equal(statusShort(SUBMISSION_STATUS.judgeError), 'IE');
    assert.equal(statusFromShort(' mle'), SUBMISSION_STATUS.memoryLimitExceeded);
    assert.equal(statusFromShort('IE'), SUBMISSION_STATUS.internalError);
    assert.equal(statusRow(SUBMISSION_STATUS.accepted)?.name, 'accepted');
    assert.ok(STATUS_TABLE.filter((r) => r.outcome === 'pending').every((r) => r.code <= 8));
  });

  it('is the only place src/, the emulator and the benches spell a final status as a number (Containers v1 included)', () => {
    assert.deepEqual(bareStatusLines(REPO_ROOT), []);
  });

  it('finds a planted copy', () => {
    const root = fs.mkdtempSync(path.join(fs.realpathSync.native(require('node:os').tmpdir()), 'se-status-'));
    try {
      fs.mkdirSync(path.join(root, 'src', 'core'), { recursive: true });
      fs.writeFileSync(
        path.join(root, 'src', 'core', 'a.ts'),
        "export const ok = (code: number) => code === 15;\nconst MATCHING = { runtime_error: [12, 17] };\nconst SHORT = { 11: 'CE' };\n",
      );
      fs.mkdirSync(path.join(root, 'emulator', 'containers'), { recursive: true });
      fs.writeFileSync(path.join(root, 'emulator', 'containers', 'b.ts'), "record.status = 22;\nconst TABLE = { 15: { name: 'ok' } };\n");
      fs.mkdirSync(path.join(root, 'bench'));
      fs.writeFileSync(path.join(root, 'bench', 'c.ts'), 'const CONTAINERS_OK = 15;\nconst isFinal = (code: number) => code >= 10;\nconst UNFINISHED = [0, 1, 2, 3];\n');
      assert.equal(bareStatusLines(root).length, 8);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
