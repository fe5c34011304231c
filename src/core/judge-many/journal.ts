// The job's state file: one JSON line per event, appended synchronously. The plan is on disk
// before the first POST; a row is marked `sending` before its POST and `sent` with its id right
// after, so a crash or reload at any moment can be replayed without sending anything twice: a
// row found `sending` may exist on the service and is never sent again. Appending keeps a
// 1,000-row job at one short line per step instead of rewriting the whole state each time.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { JobHeader, JobSnapshot, JudgedResult, PlannedSolution, SolutionRow } from './types';

type JournalEvent =
  | { e: 'job'; header: JobHeader; rows: PlannedSolution[] }
  | { e: 'sending'; k: string }
  /** The POST was refused before anything was created (402, 429, 503): the row is pending again. */
  | { e: 'unsent'; k: string }
  | { e: 'sent'; k: string; id: number }
  | { e: 'failed'; k: string; error: string }
  | { e: 'judged'; k: string; result: JudgedResult }
  | { e: 'stopped'; reason: string }
  | { e: 'resumed' };

const SUFFIX = '.job.jsonl';
/** What a row left `sending` by a crash says; it is not sent again. */
export const INTERRUPTED_POST =
  'The POST was interrupted (VS Code closed or crashed): the submission may have been created, so it is not sent again. Check the service before submitting it by hand.';

export class JobJournal {
  private constructor(readonly file: string) {}

  /** Writes the header and the plan: the job exists on disk before anything is sent. */
  static create(dir: string, header: JobHeader, rows: readonly PlannedSolution[]): JobJournal {
    fs.mkdirSync(dir, { recursive: true });
    const journal = new JobJournal(path.join(dir, `${header.id}${SUFFIX}`));
    const event: JournalEvent = { e: 'job', header, rows: [...rows] };
    fs.writeFileSync(journal.file, `${JSON.stringify(event)}\n`, { flag: 'wx' });
    return journal;
  }

  static open(file: string): JobJournal {
    return new JobJournal(file);
  }

  sending(key: string): void {
    this.append({ e: 'sending', k: key });
  }
  unsent(key: string): void {
    this.append({ e: 'unsent', k: key });
  }
  sent(key: string, id: number): void {
    this.append({ e: 'sent', k: key, id });
  }
  failed(key: string, error: string): void {
    this.append({ e: 'failed', k: key, error });
  }
  judged(key: string, result: JudgedResult): void {
    this.append({ e: 'judged', k: key, result });
  }
  stopped(reason: string): void {
    this.append({ e: 'stopped', reason });
  }
  resumed(): void {
    this.append({ e: 'resumed' });
  }

  /** The job as its events left it. */
  read(): JobSnapshot {
    return replay(fs.readFileSync(this.file, 'utf8'));
  }

  remove(): void {
    fs.rmSync(this.file, { force: true });
  }

  private append(event: JournalEvent): void {
    fs.appendFileSync(this.file, `${JSON.stringify(event)}\n`);
  }
}

/** Every job file in the folder, newest first. */
export function listJournals(dir: string): JobJournal[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(SUFFIX));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((n) => JobJournal.open(path.join(dir, n)));
}

export function replay(text: string): JobSnapshot {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const first = parseLine(lines[0]);
  if (!first || first.e !== 'job') throw new Error('not a job state file');
  const rows: SolutionRow[] = first.rows.map((p) => ({ ...p, phase: p.problem ? 'skipped' : 'pending' }));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const snapshot: JobSnapshot = { ...first.header, rows };
  for (const line of lines.slice(1)) {
    // A line cut by a crash mid-write is the last one: ignoring it keeps what was written before.
    const event = parseLine(line);
    if (!event) continue;
    if (event.e === 'stopped') snapshot.stopReason = event.reason;
    else if (event.e === 'resumed') snapshot.stopReason = undefined;
    else if (event.e !== 'job') applyRowEvent(byKey.get(event.k), event);
  }
  return snapshot;
}

function applyRowEvent(row: SolutionRow | undefined, event: Exclude<JournalEvent, { e: 'job' | 'stopped' | 'resumed' }>): void {
  if (!row) return;
  if (event.e === 'sending') row.phase = 'sending';
  else if (event.e === 'unsent') row.phase = 'pending';
  else if (event.e === 'sent') Object.assign(row, { phase: 'sent', submissionId: event.id });
  else if (event.e === 'failed') Object.assign(row, { phase: 'failed', error: event.error });
  else if (event.e === 'judged') Object.assign(row, { phase: 'judged', result: event.result });
}

function parseLine(line: string | undefined): JournalEvent | undefined {
  if (!line) return undefined;
  try {
    return JSON.parse(line) as JournalEvent;
  } catch {
    return undefined;
  }
}
