// Opaque page tokens for GET /projects and GET /workspaces. A token encodes the offset of the page
// it opens; anything that does not decode to one is refused with 400/10 like other invalid data.
import { apiError } from '../http/errors';

export interface Paging {
  previous_page_token: string | null;
  next_page_token: string | null;
}

const PREFIX = 'offset:';

function tokenFor(offset: number): string {
  return Buffer.from(`${PREFIX}${offset}`, 'utf8').toString('base64url');
}

function offsetOf(token: string): number {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const m = /^offset:(\d+)$/.exec(text);
  if (!m || tokenFor(Number(m[1])) !== token) throw apiError(400, 10, 'invalid request data: page_token is not valid');
  return Number(m[1]);
}

/** Reads `limit` (bounds inclusive) and `page_token`; returns one page of `items`. */
export function paginate<T>(
  items: T[],
  limitRaw: string | undefined,
  pageToken: string | undefined,
  bounds: { min: number; max: number; fallback: number },
): { items: T[]; paging: Paging } {
  let limit = bounds.fallback;
  if (limitRaw !== undefined && limitRaw !== '') {
    if (!/^\d+$/.test(limitRaw.trim())) throw apiError(400, 10, 'invalid request data: limit must be an integer');
    limit = Number(limitRaw.trim());
    if (limit < bounds.min || limit > bounds.max) {
      throw apiError(400, 10, `invalid request data: limit must be between ${bounds.min} and ${bounds.max}`);
    }
  }
  const offset = pageToken ? offsetOf(pageToken) : 0;
  // A token past the end (items removed since it was issued) gives an empty page, not an error.
  const page = items.slice(offset, offset + limit);
  const prev = offset > 0 ? Math.max(0, offset - limit) : null;
  const next = offset + limit < items.length ? offset + limit : null;
  return {
    items: page,
    paging: {
      previous_page_token: prev === null ? null : tokenFor(prev),
      next_page_token: next === null ? null : tokenFor(next),
    },
  };
}
