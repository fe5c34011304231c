// The contract every `bench/<name>.bench.ts` file fulfils: export `benchmark`.
// Adding a benchmark = adding a file; index.ts finds it by name.

export interface Figure {
  /** What was measured, e.g. `pack 20,000 files: packer / GNU tar`. */
  name: string;
  value: number;
  unit: string;
  /** The target, written for humans (`< 600 KB`), when there is one. */
  goal?: string;
  /** Whether the goal is met; undefined when there is no goal. */
  ok?: boolean;
  note?: string;
}

export interface BenchContext {
  repoRoot: string;
  /** A fresh temporary directory for this benchmark, removed afterwards. */
  tmpDir: string;
  log(message: string): void;
}

export interface Benchmark {
  name: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}
