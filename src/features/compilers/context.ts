// What the compilers commands share: the output channel, the Problems panel entries, the
// compiler list cache and the last result (read by host tests through the test API).
import type { Services } from '../../services';
import type { CompilerCatalog } from './catalog';
import type { ProblemsPanel } from './problems-panel';
import type { RunOutput } from './run-output';
import type { ResultDocuments } from './result-documents';

/** What a run ended with, as plain data: returned by the commands and kept for the test API. */
export interface RunReport {
  ok: boolean;
  what: string;
  compilerId?: number;
  id?: number;
  status?: { code: number; name: string };
  time?: number | null;
  memory?: number | null;
  signal?: number | null;
  signalDescription?: string;
  stdout?: string;
  stderr?: string;
  cmpinfo?: string;
  /** Diagnostics published from compiler messages or a traceback. */
  diagnostics?: number;
  /** Output files (beta): where the archive was unpacked and what it held. */
  outputDir?: string;
  outputFiles?: string[];
  missingOutputFiles?: string[];
  /** Set when the run failed before a final status (refused locally, HTTP error, cancelled). */
  error?: { message: string; status?: number; errorCode?: number; action?: string };
  cancelled?: boolean;
}

export interface BatchItemReport {
  input: string;
  id?: number;
  status?: { code: number; name: string };
  time?: number | null;
  memory?: number | null;
  stdout?: string;
  stderr?: string;
  expectedFile?: string;
  /** undefined when there is no `<name>.out` to compare with. */
  matches?: boolean;
  difference?: string;
  error?: string;
}

export interface BatchReport {
  ok: boolean;
  what: string;
  items: BatchItemReport[];
  error?: RunReport['error'];
  cancelled?: boolean;
}

export interface CompilersContext {
  services: Services;
  output: RunOutput;
  problems: ProblemsPanel;
  catalog: CompilerCatalog;
  results: ResultDocuments;
  lastReport?: RunReport;
  lastBatch?: BatchReport;
}
