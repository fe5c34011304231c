// Asks the emulator at an origin to prove that it knows a token, without sending the token:
// POST /__emulator/challenge?nonce=<fresh random hex> must answer HMAC-SHA256(token,
// "sphere-engine-emulator-challenge:" + nonce) (contract/local-emulator.ts). Used before reusing an
// emulator recorded by another window, and to tell after a reload whether the emulator profile's
// emulator still runs: whatever else may listen on a recorded port (another program, another
// user's server after the emulator died) gets a random nonce and nothing else.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import { CHALLENGE_PATH, challengeProof } from '../../../contract/local-emulator';

export { challengeProof };

/** proven: it knows the token; unreachable: nothing listens there; unproven: something else answered. */
export type ChallengeOutcome = 'proven' | 'unreachable' | 'unproven';

/** Whether the emulator at `origin` knows `token` (never sent), within `timeoutMs`. */
export function proveToken(origin: string, token: string, timeoutMs = 3000): Promise<ChallengeOutcome> {
  const nonce = randomBytes(32).toString('hex');
  let url: URL;
  try {
    url = new URL(`${origin.replace(/\/+$/, '')}${CHALLENGE_PATH}`);
  } catch {
    return Promise.resolve('unproven');
  }
  // Loopback only: the recorded origin is one the emulator printed, and nothing else is asked.
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return Promise.resolve('unproven');
  url.searchParams.set('nonce', nonce);
  return new Promise((resolve) => {
    // Plain node:http: no proxy settings apply to loopback, and no header carries a secret.
    // A fresh connection each time (agent: false): a pooled socket to a port whose server is gone
    // would fail with a reset and pass for "something else answers".
    const req = http.request(url, { method: 'POST', timeout: timeoutMs, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > 4096) req.destroy();
        else chunks.push(chunk);
      });
      res.on('end', () => resolve(res.statusCode === 200 && matches(Buffer.concat(chunks).toString('utf8'), challengeProof(token, nonce)) ? 'proven' : 'unproven'));
      res.on('error', () => resolve('unproven'));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED' ? 'unreachable' : 'unproven'));
    req.end();
  });
}

function matches(body: string, expected: string): boolean {
  let proof: unknown;
  try {
    proof = (JSON.parse(body) as { proof?: unknown }).proof;
  } catch {
    return false;
  }
  if (typeof proof !== 'string' || proof.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(proof), Buffer.from(expected));
}
