// POST /__emulator/challenge?nonce=<hex>: proves that this emulator knows its access token without
// anyone sending it. The answer is HMAC-SHA256(token, "sphere-engine-emulator-challenge:" + nonce).
// The extension, before it reuses an emulator another window started (src/core/local-emulator),
// reads the token from the data directory's private file, sends a fresh random nonce and compares:
// whatever else listens on the recorded port learns nothing, and never receives the token.
//
// Not part of any Sphere Engine API, and always on (not a test hook). It requires nothing secret
// and gives nothing away: the nonce is the caller's own random value (32 to 128 hex digits), the
// answer is a keyed hash that cannot be turned back into the token, and the "challenge:" prefix
// keeps it from matching any other use of the token. It reads no body and changes nothing. The
// browser guard before it refuses web pages as for every route.
import type { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { CHALLENGE_NONCE, CHALLENGE_PATH, challengeProof } from '../../contract/local-emulator';
import { apiError } from './errors';

export { CHALLENGE_PATH };

/** `token()`: the token the emulator was started with (its data directory's own, unless --token). */
export function registerChallenge(app: Hono<{ Bindings: HttpBindings }>, token: () => string | undefined): void {
  app.post(CHALLENGE_PATH, (c) => {
    const nonce = c.req.query('nonce') ?? '';
    if (!CHALLENGE_NONCE.test(nonce)) throw apiError(400, 400, 'nonce must be 32 to 128 lowercase hex digits');
    const current = token();
    if (!current) throw apiError(404, 404, 'resource not found');
    return c.json({ proof: challengeProof(current, nonce) });
  });
}
