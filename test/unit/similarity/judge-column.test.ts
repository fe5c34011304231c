// The judge results page's similarity additions (issue 29): a column with each solution's
// closest partner once a check ran for the job's folder (none before), and the button.
import * as assert from 'node:assert/strict';
import { ENGLISH, renderPage, renderUpdate } from '../../../src/core/judge-many/results-html';
import type { JobSnapshot } from '../../../src/core/judge-many';

const job: JobSnapshot = {
  id: 'j',
  folder: '/tmp/class',
  problemId: 2,
  problemLabel: 'ECHO',
  endpoint: 'http://e',
  createdAt: 'now',
  rows: [
    { key: 'ada.py', kind: 'file', phase: 'pending' },
    { key: 'ben.py', kind: 'file', phase: 'pending' },
    { key: '<b>.py', kind: 'file', phase: 'pending' },
  ],
};

describe('judge results page: the similarity column', () => {
  it('has no column before a check, and one with the closest partner after', () => {
    assert.doesNotMatch(renderUpdate(job).head, /Most similar to/);
    const best = new Map([
      ['ada.py', { partner: '<b>.py', similarity: 0.874 }],
      ['<b>.py', { partner: 'ada.py', similarity: 0.874 }],
    ]);
    const update = renderUpdate(job, ENGLISH, best);
    assert.match(update.head, /<th data-col="6" tabindex="0">Most similar to<\/th>/);
    assert.match(update.body, /data-key="ada\.py".*<td data-v="0\.874">87% · &#60;b&#62;\.py<\/td>/);
    assert.match(update.body, /data-key="ben\.py".*<td data-v=""><\/td>/);
  });

  it('shows the Check Similarity button when the labels name it', () => {
    const labels = { ...ENGLISH, similarity: { column: 'Most similar to', button: 'Check Similarity…' } };
    assert.match(renderPage('R', 'N', renderUpdate(job, labels), labels), /<button id="similarity">Check Similarity…<\/button>/);
    assert.doesNotMatch(renderPage('R', 'N', renderUpdate(job)), /id="similarity"/);
  });
});
