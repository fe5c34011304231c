// The judge results' columns have one home (src/core/judge-many/columns.ts): the page and the CSV
// render that list, in its order; neither keeps a list of its own.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RESULT_COLUMNS } from '../../../src/core/judge-many/columns';
import { toCsv } from '../../../src/core/judge-many';
import { ENGLISH, renderHead } from '../../../src/core/judge-many/results-html';
import type { JobSnapshot } from '../../../src/core/judge-many/types';
import { SRC, sourceFiles } from '../source-files';

const job = (scored: boolean) =>
  ({
    problemLabel: 'P',
    scored,
    rows: [
      {
        key: 'alice.py',
        kind: 'file',
        phase: 'judged',
        compilerId: 116,
        submissionId: 7,
        result: { status: 'accepted', statusCode: 15, score: 100, time: 0.1, memory: 2048, tests: [] },
      },
    ],
  }) as unknown as JobSnapshot;

describe('judge results columns', () => {
  it('the CSV header is the list, in order', () => {
    const header = toCsv(job(true)).split('\r\n')[0].split(',');
    assert.deepEqual(
      header,
      RESULT_COLUMNS.map((c) => c.csv),
    );
  });

  it("the page's header is the list's page columns, in order, without the score for a binary problem", () => {
    const pageColumns = RESULT_COLUMNS.filter((c) => c.page).map((c) => ENGLISH.columns[c.page!]);
    const headers = (html: string) => [...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    assert.deepEqual(headers(renderHead([], ENGLISH, undefined, true)), pageColumns);
    assert.deepEqual(
      headers(renderHead([], ENGLISH, undefined, false)),
      pageColumns.filter((h) => h !== 'Score'),
    );
  });

  it('no other module of the extension spells the CSV header list', () => {
    const spelled = sourceFiles(SRC).filter((file) => !file.endsWith(`${path.sep}columns.ts`) && /'compiler_id'|'memory_kb'|'time_s'/.test(fs.readFileSync(file, 'utf8')));
    assert.deepEqual(
      spelled.map((f) => path.relative(SRC, f)),
      [],
    );
  });
});
