// Token redaction. Every URL, error message and log line the client produces goes through
// `redact`, so a token can never reach an output channel, a notification or a bug report.

const knownSecrets = new Set<string>();

/** Remember a secret value (an access token) so it is masked wherever it appears, even outside a query string. */
export function registerSecret(secret: string | undefined): void {
  if (!secret || secret.length < 4) return; // masking 1-3 characters would mangle ordinary text
  knownSecrets.add(secret);
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret) knownSecrets.add(encoded);
}

/** Forget a secret (after the user replaced or deleted a token). */
export function forgetSecret(secret: string | undefined): void {
  if (!secret) return;
  knownSecrets.delete(secret);
  knownSecrets.delete(encodeURIComponent(secret));
}

const QUERY_TOKEN = /(access_token=)[^&#\s"'<>]*/gi;
const BEARER = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;

/** Replace `access_token=<value>`, `Bearer <value>` and every known secret by `***`. */
export function redact(text: string): string {
  let out = text.replace(QUERY_TOKEN, '$1***').replace(BEARER, '$1***');
  // Longest first, so a token that contains another registered token is masked whole.
  for (const secret of [...knownSecrets].sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join('***');
  }
  return out;
}
