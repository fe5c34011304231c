// The results page and the CSV: escaped names, a strict CSP, a column per test case.
import * as assert from 'node:assert/strict';
import { csvCell, type JobSnapshot, type SolutionRow, toCsv } from '../../../src/core/judge-many';
import { renderPage, renderUpdate } from '../../../src/core/judge-many/results-html';

const judged = (key: string, status: string, statusCode: number, score: number): SolutionRow => ({
  key,
  kind: 'file',
  compilerId: 116,
  phase: 'judged',
  submissionId: 7,
  result: {
    status,
    statusCode,
    score,
    time: 0.01,
    memory: 1024,
    tests: [
      { number: 0, status, statusCode, score, time: 0.01, memory: 1024 },
      { number: 2, status: 'accepted', statusCode: 15, score: 0, time: 0.02, memory: 1000 },
    ],
  },
});

function job(rows: SolutionRow[]): JobSnapshot {
  return { id: 'j', folder: '/tmp/x', problemId: 2, problemLabel: 'ECHO', endpoint: 'http://e', createdAt: 'now', rows };
}

describe('judge many: results page and CSV', () => {
  const rows: SolutionRow[] = [
    judged('<img src=x onerror=alert(1)>.py', 'accepted', 15, 100),
    judged('=cmd|calc.py', 'wrong answer', 14, 0),
    { key: 'notes, draft.txt', kind: 'file', phase: 'skipped', problem: 'no language for ".txt"' },
  ];

  it('escapes file names and allows only its own nonce in the page', () => {
    const page = renderPage('Results', 'N0NCE', renderUpdate(job(rows)));
    assert.ok(!page.includes('<img src=x'), 'a file name is never markup');
    assert.match(page, /Content-Security-Policy" content="default-src 'none'; style-src 'nonce-N0NCE'; script-src 'nonce-N0NCE'; img-src data:;"/);
    assert.ok(!/https?:\/\/(?!www\.w3\.org\/2000\/svg)/.test(page), 'no remote address');
    assert.equal(page.match(/<script/g)?.length, 1);
  });

  it('draws verdict counts and the score distribution as SVG', () => {
    const { chart } = renderUpdate(job(rows));
    assert.match(chart, /aria-label="Verdict counts"/);
    assert.match(chart, /aria-label="Score distribution"/);
    assert.match(chart, />accepted<\/text>/);
  });

  it('writes one CSV row per solution and one column per test case, formula-safe', () => {
    const lines = toCsv(job(rows)).split('\r\n');
    assert.equal(lines[0], 'solution,kind,compiler_id,submission_id,state,verdict,score,time_s,memory_kb,note,test_0,test_2');
    assert.equal(lines[1], '<img src=x onerror=alert(1)>.py,file,116,7,judged,accepted,100,0.01,1024,,accepted,accepted');
    assert.equal(lines[2], "'=cmd|calc.py,file,116,7,judged,wrong answer,0,0.01,1024,,wrong answer,accepted");
    assert.equal(lines[3], '"notes, draft.txt",file,,,skipped,,,,,"no language for "".txt""",,');
    assert.equal(csvCell('-3'), '-3');
  });
  it("the Note column says what the CSV note says; the submission id is the row's tooltip", () => {
    const { body } = renderUpdate(job(rows));
    const notes = [...body.matchAll(/<tr[^>]*>(?:<td[^>]*>[^<]*<\/td>){5}<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    assert.deepEqual(notes, ['', '', 'no language for &#34;.txt&#34;']);
    assert.match(body, /<tr data-key="=cmd\|calc\.py" title="Submission 7"/);
    assert.doesNotMatch(body, /#7/);
  });

  it('a binary problem: no score in the table, the CSV or a chart (its master judge gives none)', () => {
    const binary = { ...job(rows), scored: false };
    const update = renderUpdate(binary);
    assert.doesNotMatch(update.chart, /Score distribution/);
    assert.doesNotMatch(update.body, /data-v="100"/);
    assert.equal(toCsv(binary).split('\r\n')[1], '<img src=x onerror=alert(1)>.py,file,116,7,judged,accepted,,0.01,1024,,accepted,accepted');
  });

  it('a Containers row: a column per named test of the tests report, passes drawn as passes', () => {
    const test = (number: number, name: string, passed: boolean) => ({
      number,
      name,
      passed,
      status: passed ? 'ok' : 'failure',
      statusCode: passed ? 15 : 14,
      score: null,
      time: 0.1,
      memory: null,
    });
    const project: SolutionRow = {
      key: 'bob',
      kind: 'folder',
      phase: 'judged',
      submissionId: 9,
      result: {
        status: 'fail',
        statusCode: 14,
        passed: false,
        score: 50,
        time: 1,
        memory: null,
        tests: [test(1, 'AddTest.test_small', false), test(2, 'PalindromeTest.test_word', true)],
      },
    };
    const noReport: SolutionRow = {
      key: 'eve',
      kind: 'folder',
      phase: 'judged',
      result: { status: 'ok', statusCode: 15, passed: true, score: null, time: 1, memory: null, tests: [], note: 'no tests report' },
    };
    const update = renderUpdate(job([project, noReport]));
    assert.match(update.head, />AddTest\.test_small<\/th><th data-col="7" tabindex="0">PalindromeTest\.test_word<\/th><\/tr>$/);
    assert.match(update.body, /<td class="bad" data-v="failure">failure<\/td><td class="ok" data-v="ok">ok<\/td><\/tr>/);
    assert.match(update.body, /<td class="ok" data-v="ok">ok<\/td>.*no tests report/);
    assert.match(update.chart, /class="bar ok"[^>]*\/><text[^>]*>1<\/text>/);
    const lines = toCsv(job([project, noReport])).split('\r\n');
    assert.match(lines[0], /,note,test_AddTest\.test_small,test_PalindromeTest\.test_word$/);
    assert.equal(lines[1], 'bob,folder,,9,judged,fail,50,1,,,failure,ok');
    assert.equal(lines[2], 'eve,folder,,,judged,ok,,1,,no tests report,,');
  });
});
