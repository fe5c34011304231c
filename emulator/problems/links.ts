// Self-sufficient links: every `uri` the module returns works with a plain GET (token included),
// because clients fetch them as they are.
import type { EmulatorContext } from '../context';
import { MODULE_PATHS } from '../context';

export function apiUri(ctx: EmulatorContext, p: string, query: Record<string, string | number> = {}): string {
  const u = new URL(`${ctx.origin()}${MODULE_PATHS.problems}${p}`);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, String(v));
  u.searchParams.set('access_token', ctx.streamToken());
  return u.toString();
}

/** Paging object of listings: v4 always carries next/prev (null when there is no such page). */
export function paging(ctx: EmulatorContext, p: string, limit: number, offset: number, total: number, extra: Record<string, string | number> = {}) {
  const next = offset + limit < total ? apiUri(ctx, p, { ...extra, limit, offset: offset + limit }) : null;
  const prev = offset > 0 ? apiUri(ctx, p, { ...extra, limit, offset: Math.max(0, offset - limit) }) : null;
  return { limit, offset, total, next, prev };
}

/** limit (1..100, default 10) and offset (>= 0, default 0) from the query. */
export function pageParams(q: { int(name: string, fallback: number | undefined, onBad: () => Error): number | undefined }, onBad: (m: string) => Error) {
  const limit = q.int('limit', 10, () => onBad('limit must be an integer'))!;
  const offset = q.int('offset', 0, () => onBad('offset must be an integer'))!;
  if (limit < 1 || limit > 100) throw onBad('limit must be between 1 and 100');
  if (offset < 0) throw onBad('offset must not be negative');
  return { limit, offset };
}

/** `yyyy-mm-dd hh:mm:ss +00:00` in UTC, the v4 date format. */
export function formatDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} +00:00`;
}
