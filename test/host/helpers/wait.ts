// Waiting for something the extension does asynchronously (a tree refreshes, a request is sent).
// Tests wait for a condition, never for a fixed time; the timeout only bounds a broken run.
// - Something happens: wait for what a person would see, or for the emulator's request log.
// - Something must NOT happen (no second request, no more polling): wait for a positive sign that
//   the work is over, from a test hook (containers tree: activity(); workspace files: pollActive(),
//   listingFreshness()), then assert once. Watching the request log for a while proves little.
// - The service's one-second time resolution: wait for its clock (the Date header of an answer)
//   to pass the file's listed time (workspace-fs.test.ts, untilServerTimePasses).

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one place a test watches for a while: after a failure the extension must show one message,
 * not a loop of them (a revoked token, a timed-out POST), and no event says "no more will come".
 * What would repeat (a retry, a re-poll, a second prompt) does so well within `ms`; the caller then
 * asserts the count once. Never a way to wait for something to happen: that is waitFor.
 */
export async function observeQuietFor(ms: number, _what: string): Promise<void> {
  await sleep(ms);
}

/**
 * Resolves with the first truthy value of `probe` (called every `intervalMs`), or rejects after
 * `timeoutMs` with `what` and the last error the probe threw.
 */
export async function waitFor<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 15_000, intervalMs = 100, what = 'condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? `: last error: ${lastError.message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await sleep(intervalMs);
  }
}
