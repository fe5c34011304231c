// Read-only tokens: a token that lacks write access. The spec's 403 ("access to foreign or secured
// content is forbidden"; service-notes: "access denied") is what the services answer to such a
// token, and the Problems management endpoints list 403 among their errors.
//
// What a read-only token may do: every GET, and creating a submission. Submitting uses a problem
// (or a compiler, or a project) without changing it, and the spec's POST /submissions lists no 403
// at all (a problem the account may not use is 400/200202 there); it is also what `check` needs, so
// a problem repository's CI can judge its reference solutions with a token that cannot change them.
// Everything else (POST/PUT/DELETE of problems, test cases, judges, re-judging, workspaces and their
// files) is refused here, before any route runs: the refusal changes nothing.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { ModuleName } from '../context';
import { tokenFrom } from './auth';
import { apiError, errorResponse } from './errors';

const caller = new AsyncLocalStorage<string>();

/** The token of the request being answered, when there is one (see EmulatorContext.streamToken). */
export const callerToken = (): string | undefined => caller.getStore();

/** Paths, relative to a module, where a read-only token may POST: submission creation. */
const SUBMIT = /^\/submissions\/?$/;

// The problems module's documented "access denied" code (problems/errors.ts); the other two
// modules document none for 403, so they answer 403/403, as the poll guard does.
const DENIED_CODE: Record<ModuleName, number> = { problems: 200202, compilers: 403, containers: 403 };

/** After requireToken: remembers the caller's token, and refuses what a read-only one may not do. */
export function tokenScope(module: ModuleName, modulePath: string, isReadOnly: (token: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const token = tokenFrom(c.req.url, c.req.header('authorization')) ?? '';
    const method = c.req.method;
    const path = new URL(c.req.url).pathname.slice(modulePath.length);
    const allowed = method === 'GET' || method === 'HEAD' || (method === 'POST' && SUBMIT.test(path));
    if (isReadOnly(token) && !allowed) {
      return errorResponse(c, apiError(403, DENIED_CODE[module], 'access denied: this access token may read but not change content; use a token with write access'));
    }
    await caller.run(token, next);
  };
}
