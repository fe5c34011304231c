// The recent Containers submissions of this machine, kept in globalState (not in the workspace:
// the list follows the person, whatever folder is open). Only small facts are stored; outputs
// are fetched again from the service when asked for, since it keeps them.
import type { ContainersSubmission } from '../../../api/types';

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

/** The subset of vscode.Memento the store needs (so unit tests can pass a Map-backed fake). */
export interface MementoLike {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

export class SubmissionHistory {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly memento: MementoLike) {}

  /** Newest first. */
  list(): SubmissionEntry[] {
    return [...(this.memento.get<SubmissionEntry[]>(HISTORY_KEY) ?? [])];
  }

  find(id: number, endpoint?: string): SubmissionEntry | undefined {
    return this.list().find((e) => e.id === id && (endpoint === undefined || e.endpoint === endpoint));
  }

  /** Adds or replaces (same id and endpoint) an entry, keeping the newest HISTORY_LIMIT. */
  async upsert(entry: SubmissionEntry): Promise<void> {
    const rest = this.list().filter((e) => !(e.id === entry.id && e.endpoint === entry.endpoint));
    const next = [entry, ...rest].sort((a, b) => b.sentAt - a.sentAt).slice(0, HISTORY_LIMIT);
    await this.memento.update(HISTORY_KEY, next);
    this.fire();
  }

  /**
   * Applies a fetched state of the submission to its entry, if we have one. Every write says
   * whether it has a tests report: the poll and the final presentation write the same state
   * moments apart, and which write of globalState is read last is not ours to decide.
   */
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

  async clear(): Promise<void> {
    await this.memento.update(HISTORY_KEY, []);
    this.fire();
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private fire(): void {
    for (const l of this.listeners) l();
  }
}
