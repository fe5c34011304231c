// Async iteration over the two paging styles the modules use.
import type { OffsetPage, TokenPage } from './types';

/**
 * Containers style: follow `paging.next_page_token` until it is null, absent or empty.
 * Stops on a repeated token too, so a misbehaving server cannot make us loop forever.
 */
export async function* iterateByPageToken<T>(fetchPage: (pageToken: string | undefined) => Promise<TokenPage<T>>): AsyncGenerator<T, void, undefined> {
  let token: string | undefined;
  const seen = new Set<string>();
  for (;;) {
    const page = await fetchPage(token);
    yield* page.items ?? [];
    const next = page.paging?.next_page_token;
    if (!next || seen.has(next)) return;
    seen.add(next);
    token = next;
  }
}

/**
 * Problems style (limit/offset): stop when a page is shorter than `limit`, or when
 * `paging.next` is present and null.
 */
export async function* iterateByOffset<T>(fetchPage: (offset: number, limit: number) => Promise<OffsetPage<T>>, limit = 10, startOffset = 0): AsyncGenerator<T, void, undefined> {
  let offset = startOffset;
  for (;;) {
    const page = await fetchPage(offset, limit);
    const items = page.items ?? [];
    yield* items;
    if (items.length === 0 || items.length < limit) return;
    if (page.paging && 'next' in page.paging && page.paging.next === null) return;
    offset += items.length;
  }
}

/** Collect an async iterator into an array (for small listings). */
export async function collect<T>(iter: AsyncIterable<T>, max = Infinity): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iter) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}
