// The one vocabulary of a job's progress (issue 40 item 11): each row counted once, a POST under
// way never counted as refused, and the words in their order.
import * as assert from 'node:assert/strict';
import { describeProgress } from '../../../src/core/judge-many';
import { countRows, type SolutionRow } from '../../../src/core/judge-many/types';

const row = (key: string, phase: SolutionRow['phase']): SolutionRow => ({ key, kind: 'file', phase });

describe('judge many: progress words', () => {
  it('counts a POST under way as being judged, never as refused', () => {
    const counts = countRows([row('a', 'sending'), row('b', 'pending'), row('c', 'judged'), row('d', 'failed'), row('e', 'skipped'), row('f', 'sent')]);
    assert.deepEqual(counts, { total: 6, skipped: 1, pending: 1, sent: 2, judged: 1, failed: 1 });
    assert.equal(describeProgress(counts), '1 judged, 2 being judged, 1 not sent yet, 1 refused, 1 not sendable');
  });

  it('says "not sendable" only when there are any', () => {
    assert.equal(describeProgress(countRows([row('a', 'pending')])), '0 judged, 0 being judged, 1 not sent yet, 0 refused');
  });
});
