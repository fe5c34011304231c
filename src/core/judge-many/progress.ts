// The one vocabulary for where a job's solutions stand (issue 40 item 11): the progress
// notification, the status bar, the results page's summary and Note column, and the README all
// say these words, in this order, each counting each row once:
//   judged        a verdict came back
//   being judged  sent (or its POST under way), no verdict yet
//   not sent yet  waiting to be sent (a cancel or an empty pool leaves them for a resume)
//   refused       the service refused the POST (the row's note says why)
//   not sendable  never sendable (no language, empty...; the note says why)
// "failed" is no word here: a judged solution that fails its tests is judged.
import type { JobCounts } from './types';

export interface ProgressWords {
  judged: string;
  judging: string;
  notSent: string;
  refused: string;
  notSendable: string;
}

export const PROGRESS_WORDS: ProgressWords = {
  judged: 'judged',
  judging: 'being judged',
  notSent: 'not sent yet',
  refused: 'refused',
  notSendable: 'not sendable',
};

/** "3 judged, 2 being judged, 3 not sent yet, 0 refused", then ", 1 not sendable" when there are any. */
export function describeProgress(c: JobCounts, words: ProgressWords = PROGRESS_WORDS): string {
  const parts = [`${c.judged} ${words.judged}`, `${c.sent} ${words.judging}`, `${c.pending} ${words.notSent}`, `${c.failed} ${words.refused}`];
  if (c.skipped) parts.push(`${c.skipped} ${words.notSendable}`);
  return parts.join(', ');
}
