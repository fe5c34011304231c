// What every emulator module receives: options, persistent store, the (speedable) clock,
// the request log, and the public base URL used to build stream `uri`s.
import type { Store } from './store';
import type { Clock } from './clock';
import type { RequestLog } from './request-log';
import type { FaultRule } from './http/faults';
import type { PollGuard } from './http/poll-guard';
import type { SandboxInfo } from './runner/sandbox';
import type { SandboxMode } from './runner/types';
import type { JobPool } from './jobs/job-pool';

export type { SandboxMode } from './runner/types';

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** Always loopback; kept as an option only so tests can read it back. */
  host: string;
  /** Where state lives; survives restarts. */
  dataDir: string;
  /**
   * Accepted access tokens; at least one. Every module accepts every token in the set; the test
   * hooks accept only these, even after /__emulator/tokens has replaced the modules' set.
   */
  tokens: string[];
  /**
   * Accepted read-only tokens (maybe none): GETs and new submissions as with `tokens`, every other
   * call 403 with nothing changed (http/read-only.ts). Never a test hooks token.
   */
  readOnlyTokens: string[];
  /** Minimum pause between two GETs of one submission; 0 turns the protection off. */
  pollMinIntervalMs: number;
  /** Emulated seconds per real second for workspace timers (inactivity, retention, start-up). */
  clockSpeed: number;
  /** Delay before a new workspace moves from starting to running, in emulated ms. */
  workspaceStartMs: number;
  /** Fault injection rules (tests only). */
  faults: FaultRule[];
  sandbox: SandboxMode;
  /** Free workspace slots for the whole account. */
  slots: number;
  /** Print request lines to stdout. */
  verbose: boolean;
  /** Submissions run at once, across modules (default: the number of cores + 1). */
  workers: number;
  /**
   * Runs' work folders in the data directory rather than in memory (/dev/shm: runner/run-scratch.ts),
   * for a machine short of memory. Default false.
   */
  workOnDisk: boolean;
  /** Serve the /__emulator/* test controls (tests only: they can swap tokens and break answers). */
  testHooks: boolean;
  /**
   * Submissions one token may have queued or running at once, all modules together; the next
   * POST /submissions is 429 with Retry-After (http/queue-cap.ts). Default 1000.
   */
  queueCapPerToken: number;
  /** Most bytes a request's tar.gz may unpack to (workspace `files`, Containers `source`). Default 256 MiB. */
  unpackMaxBytes: number;
  /** Most entries (files, folders, links) a request's tar.gz may hold. Default 20,000. */
  unpackMaxEntries: number;
}

export interface EmulatorContext {
  options: EmulatorOptions;
  store: Store;
  clock: Clock;
  requests: RequestLog;
  /** Where every module's submissions wait for one of options.workers. */
  jobs: JobPool;
  /** Refuses submission fetches that come faster than options.pollMinIntervalMs. */
  pollGuard: PollGuard;
  /** e.g. http://127.0.0.1:3000 — known once the server listens. */
  origin(): string;
  /**
   * A token that works, for building self-sufficient stream URIs: the one of the request being
   * answered (a read-only caller must not be handed a token with write access), else a start token.
   */
  streamToken(): string;
  /** Set by the runner at start: which sandbox is really on, for the start banner and its warning. */
  sandbox?: SandboxInfo;
  /** Called when the emulator shuts down: stop timers, kill running processes. */
  onClose(fn: () => void | Promise<void>): void;
}

export const MODULE_PATHS = {
  containers: '/containers/api/v1',
  compilers: '/compilers/api/v4',
  problems: '/problems/api/v4',
} as const;

export type ModuleName = keyof typeof MODULE_PATHS;
