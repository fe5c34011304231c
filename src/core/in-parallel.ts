// At most `limit` of `items` worked on at once, in order of start. The one bound every batch of
// requests to a service shares (test file downloads, problems pulled together).

export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(0, Math.min(limit, items.length)) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

/**
 * A gate for work that arrives over time: at most `limit` tasks run at once, the others wait
 * in order of arrival. A finishing task hands its slot straight to the next one waiting.
 */
export function concurrencyLimit(limit: number): <R>(task: () => Promise<R>) => Promise<R> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <R>(task: () => Promise<R>): Promise<R> => {
    if (active < limit) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
