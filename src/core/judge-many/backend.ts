// What a job needs from the service it sends to, so one job model (state file, sender, resume,
// results) runs both a folder of solutions against a problem (Problems: ids-batched polling) and
// a folder of project folders against a Containers project (one wait per submission, bounded).
import type { Sleep } from '../../api';
import type { JudgedResult, SolutionRow } from './types';

/** A row made ready to send (read or packed); `send` is its one POST. */
export interface PreparedSubmission {
  /** The POST; resolves with the new submission's id. Errors are the client's (SphereApiError). */
  send(): Promise<number>;
  /** Frees what preparing made (a packed archive), sent or not. */
  dispose?(): Promise<void>;
}

export interface JobPollOptions {
  /** The ids still being judged, asked afresh every round (the sender adds to them meanwhile). */
  pendingIds: () => number[];
  /** True while more ids may come (the sender is still running). */
  moreToCome: () => boolean;
  onDone: (id: number, result: JudgedResult) => void;
  /** Status requests made, for progress and benchmarks. */
  onRound?: (requests: number) => void;
  intervalMs?: number;
  signal: AbortSignal;
  sleep?: Sleep;
}

export interface JobBackend {
  /** Reads or packs a row; a throw means nothing was sent and the row says why. */
  prepare(row: SolutionRow): Promise<PreparedSubmission>;
  /** Resolves when no id is pending and none is to come; rejects on a lasting error or an abort. */
  poll(options: JobPollOptions): Promise<void>;
}
