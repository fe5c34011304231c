// JVM options from the run's memory limit, as a contest judge sizes them (problemtools runs Java
// with -Xmx from the memory limit and -Xss64m). Without them the JVM sizes its heap from the
// machine's memory and gives every thread the -Xss stack, so under a limit at allocation (an
// RLIMIT_DATA or RLIMIT_AS the supervisor sets) it cannot start: measured with OpenJDK 17 and
// -Xss64m, about ten threads reserve 640 MiB of writable stack before main runs.
//
// The budget, under a data limit L (writable private memory):
//   - about 12 thread stacks of -Xss each (main, reference handler, finalizer, signal dispatcher,
//     cleaner, compiler threads...): -Xss = L/32, between 1 and 64 MiB (64 MiB is the judges' value);
//   - 64 MiB for the JVM itself (metaspace, code cache as used, malloc arenas kept to 2 by the
//     environment, CDS);
//   - the rest is the heap (-Xmx), at least 8 MiB.
// Measured (OpenJDK 17, a program recursing 100 000 deep and filling half its heap): runs under
// RLIMIT_DATA from 256 MiB up. Under RLIMIT_AS the JVM also needs its reserved address space (code
// cache, class space, libraries: about 300 MiB more), which docs/languages.md says.
// The serial collector keeps the JVM's own threads and footprint small.

const MIB_KB = 1024;

export interface JvmSizes {
  heapMiB: number;
  stackMiB: number;
}

/** Heap and thread stack for a memory limit in KB; undefined (the JVM's defaults) when there is none. */
export function jvmSizes(memoryLimitKb: number | undefined): JvmSizes | undefined {
  if (!memoryLimitKb || !Number.isFinite(memoryLimitKb)) return undefined;
  const limitMiB = Math.floor(memoryLimitKb / MIB_KB);
  const stackMiB = Math.min(64, Math.max(1, Math.floor(limitMiB / 32)));
  const heapMiB = Math.max(8, limitMiB - 12 * stackMiB - 64);
  return { heapMiB, stackMiB };
}

/** Options for `java` (the program) under a memory limit. */
export function jvmRunOptions(memoryLimitKb: number | undefined): string[] {
  const sizes = jvmSizes(memoryLimitKb);
  const common = ['-XX:+UseSerialGC', '-XX:ReservedCodeCacheSize=32m', '-XX:CompressedClassSpaceSize=32m'];
  if (!sizes) return [...common, '-Xss64m'];
  return [...common, `-Xss${sizes.stackMiB}m`, `-Xmx${sizes.heapMiB}m`];
}

/** The same for javac, whose JVM takes options through -J. */
export function javacOptions(memoryLimitKb: number | undefined): string[] {
  const sizes = jvmSizes(memoryLimitKb);
  const common = ['-J-XX:+UseSerialGC'];
  return sizes ? [...common, `-J-Xss${Math.min(sizes.stackMiB, 16)}m`, `-J-Xmx${sizes.heapMiB}m`] : common;
}

/** Environment for JVM runs: two malloc arenas, not one per thread (each arena maps 64 MiB). */
export const JVM_ENV = { MALLOC_ARENA_MAX: '2' };
