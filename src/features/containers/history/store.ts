// The recent Containers submissions of this machine, kept in globalState (not in the workspace:
// the list follows the person, whatever folder is open). Only small facts are stored; outputs
// are fetched again from the service when asked for, since it keeps them.
import type { ContainersSubmission } from '../../../api';
import { MementoStore, type MementoLike } from '../../../core/memento-store';

export const HISTORY_KEY = 'sphereEngine.containers.submissions';
export const HISTORY_LIMIT = 50;

export interface SubmissionEntry {
  id: number;
  /** The Containers base URL it was sent to: ids are only meaningful on their own endpoint. */
  endpoint: string;
  /** The connection profile's name when it was sent (entries from before profiles have none). */
  profile?: string;
  projectId: string;
  projectName: string;
  scenario: string;
  /** Absolute path of the local folder that was sent (for resubmit and diagnostics). */
  folder: string;
  /** ms since epoch, when it was sent. */
  sentAt: number;
  executing: boolean;
  statusCode: number;
  statusName: string;
  score?: number | null;
  hasTestsReport?: boolean;
  /** One line, e.g. "3 tests: 2 passed, 1 failed, 0 errors in 0.010s". */
  testsSummary?: string;
}

export type { MementoLike };

export class SubmissionHistory {
  private readonly store: MementoStore<SubmissionEntry[]>;

  constructor(memento: MementoLike) {
    this.store = new MementoStore(memento, HISTORY_KEY, (raw) => (Array.isArray(raw) ? (raw as SubmissionEntry[]) : []));
  }

  /** Newest first. */
  list(): SubmissionEntry[] {
    return [...this.store.value];
  }

  find(id: number, endpoint?: string): SubmissionEntry | undefined {
    return this.list().find((e) => e.id === id && (endpoint === undefined || e.endpoint === endpoint));
  }

  /** Adds or replaces (same id and endpoint) an entry, keeping the newest HISTORY_LIMIT. */
  upsert(entry: SubmissionEntry): Promise<void> {
    return this.store.update((all) => {
      const rest = all.filter((e) => !(e.id === entry.id && e.endpoint === entry.endpoint));
      return [entry, ...rest].sort((a, b) => b.sentAt - a.sentAt).slice(0, HISTORY_LIMIT);
    });
  }

  /** Applies a fetched state of the submission to its entry, if we have one. */
  async applyState(endpoint: string, s: ContainersSubmission, extra: Partial<SubmissionEntry> = {}): Promise<void> {
    const entry = this.find(s.id, endpoint);
    if (!entry) return;
    await this.upsert({
      ...entry,
      executing: s.executing,
      statusCode: s.result.status.code,
      statusName: s.result.status.name,
      score: s.result.score,
      hasTestsReport: Boolean(s.streams?.tests_report),
      ...extra,
    });
  }

  clear(): Promise<void> {
    return this.store.set([]);
  }

  /** Takes the list another window stored (called when this window gets the focus). */
  follow(): boolean {
    return this.store.follow();
  }

  onDidChange(listener: () => void): { dispose(): void } {
    return this.store.onDidChange(listener);
  }
}
