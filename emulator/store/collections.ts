// Every collection the emulator keeps, with the key of its records and the state it is indexed by.
// One list for the modules and for the import of the JSON format that came before.
import type { TableOptions } from './table';

export interface Collection<T> extends TableOptions<T> {
  name: string;
}

type WithId<K> = { id: K };
type Submission = WithId<number> & { status: number };

export const COLLECTIONS = {
  compilersSubmissions: { name: 'compilers-submissions', key: (r: Submission) => r.id, state: (r: Submission) => r.status },
  problemsProblems: { name: 'problems-problems', key: (r: WithId<number>) => r.id },
  problemsJudges: { name: 'problems-judges', key: (r: WithId<number>) => r.id },
  problemsSubmissions: { name: 'problems-submissions', key: (r: Submission) => r.id, state: (r: Submission) => r.status },
  containersSubmissions: { name: 'containers-submissions', key: (r: Submission) => r.id, state: (r: Submission) => r.status },
  // Live objects that the workspace timers change every tick: kept in memory, written through.
  containersWorkspaces: { name: 'containers-workspaces', key: (r: WithId<string>) => r.id, inMemory: true },
} satisfies Record<string, Collection<never>>;

/** Counters kept in the meta table (Store.nextId). */
export const COUNTERS = {
  compilersSubmission: 'compilers-submission',
  containersSubmission: 'containers-submission',
} as const;
