// access_token in the query or `Authorization: Bearer`; 401/1 otherwise.
import type { MiddlewareHandler } from 'hono';
import { errorResponse, unauthorized } from './errors';

export function tokenFrom(url: string, authorization: string | undefined): string | undefined {
  const query = new URL(url).searchParams.get('access_token');
  if (query) return query;
  const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  return m ? m[1].trim() : undefined;
}

export function requireToken(isValid: (token: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const token = tokenFrom(c.req.url, c.req.header('authorization'));
    if (!token || !isValid(token)) return errorResponse(c, unauthorized());
    await next();
  };
}
