// The single error type of the API layer. Whatever went wrong (an error answer, a dead
// network, a size cap, a bad setting), callers get a SphereApiError with a plain-words
// explanation and one suggested action; the raw server message is kept, redacted.
import { ACTION_LABELS, type SuggestedAction } from './actions';
import { endpointKind } from './endpoint-kind';
import { findHttpRow, findTransportRow, type ErrorKind } from './error-table';
import { MODULE_LABELS, type ApiModule } from './modules';
import { redact } from './redact';

export { ACTION_LABELS, type SuggestedAction } from './actions';
export { ERROR_TABLE, SPEC_ERROR_CODES, findHttpRow, findTransportRow, type ErrorKind, type ErrorRow } from './error-table';

export interface SphereApiErrorInit {
  module: ApiModule;
  kind: ErrorKind;
  explanation: string;
  action: SuggestedAction;
  status?: number;
  errorCode?: number;
  serverMessage?: string;
  method?: string;
  url?: string;
  cause?: unknown;
}

/** Marks every SphereApiError, whichever copy of this module made it (see Symbol.hasInstance). */
const SPHERE_API_ERROR = Symbol.for('sphereEngine.SphereApiError');

export class SphereApiError extends Error {
  /**
   * A bundle apart (esbuild.js APART, the stress core) carries its own copy of this class, and
   * meets errors that dist/extension.js's clients made: `instanceof` recognises either copy's by
   * their mark (the poller rides out transient ones, readStream takes a 404 as no stream).
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // A subclass keeps the ordinary rule: its instances, not every error of the family.
    if (this !== SphereApiError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [SPHERE_API_ERROR]?: boolean })[SPHERE_API_ERROR] === true;
  }
  readonly [SPHERE_API_ERROR] = true;
  override readonly name = 'SphereApiError';
  readonly module: ApiModule;
  readonly kind: ErrorKind;
  /** HTTP status, when the server answered. */
  readonly status?: number;
  /** Sphere Engine `error_code` from the body, when present. */
  readonly errorCode?: number;
  /** The server's own message (redacted), when present. */
  readonly serverMessage?: string;
  /** What happened and what to do, in plain words. */
  readonly explanation: string;
  readonly action: SuggestedAction;
  readonly actionLabel: string;
  readonly method?: string;
  /** Request URL with the token redacted. */
  readonly url?: string;

  constructor(init: SphereApiErrorInit) {
    const serverMessage = init.serverMessage === undefined ? undefined : redact(init.serverMessage);
    const url = init.url === undefined ? undefined : redact(init.url);
    const details: string[] = [];
    if (init.status !== undefined) details.push(`HTTP ${init.status}`);
    if (init.errorCode !== undefined) details.push(`error_code ${init.errorCode}`);
    if (serverMessage) details.push(`"${serverMessage}"`);
    if (init.method && url) details.push(`${init.method} ${url}`);
    const message = redact(`${MODULE_LABELS[init.module]}: ${init.explanation}${details.length ? ` [${details.join(', ')}]` : ''}`);
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.module = init.module;
    this.kind = init.kind;
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.serverMessage = serverMessage;
    this.explanation = redact(init.explanation);
    this.action = init.action;
    this.actionLabel = ACTION_LABELS[init.action];
    this.method = init.method;
    this.url = url;
  }
}

/** Error for an HTTP answer with an error status (or an unusable body when `malformed`). */
export function errorFromHttp(args: {
  module: ApiModule;
  method: string;
  url: string;
  status: number;
  errorCode?: number;
  serverMessage?: string;
  malformed?: boolean;
}): SphereApiError {
  const endpoint = endpointKind(args.method, args.url);
  const row = args.malformed && args.status < 400 ? findTransportRow('malformed') : findHttpRow(args.module, args.status, args.errorCode, endpoint);
  let action = row.action;
  // A submission POST that failed on the server side (or whose success answer is unreadable) may
  // still have created the submission, and each one is paid for. Other POSTs and PUTs (uploads,
  // workspace changes) cost nothing to repeat: their row's action stands.
  if (endpoint === 'createSubmission' && (args.status >= 500 || args.malformed)) action = 'checkHistoryBeforeResubmit';
  return new SphereApiError({
    module: args.module,
    kind: args.malformed && args.status < 400 ? 'malformed' : 'http',
    explanation: row.explanation,
    action,
    status: args.status,
    errorCode: args.errorCode,
    serverMessage: args.serverMessage,
    method: args.method,
    url: args.url,
  });
}

/** Classify a low-level failure (undici / Node error codes) into an ErrorKind. */
export function classifyTransportError(err: unknown): ErrorKind {
  const e = err as { code?: string; name?: string; cause?: { code?: string } } | undefined;
  const code = e?.code ?? e?.cause?.code ?? '';
  if (/TIMEOUT|ETIMEDOUT/i.test(code) || e?.name === 'TimeoutError') return 'timeout';
  if (code === 'ECONNREFUSED') return 'connectionRefused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'dns';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return 'tls';
  return 'network';
}

export function errorFromTransport(module: ApiModule, method: string, url: string, err: unknown): SphereApiError {
  const kind = classifyTransportError(err);
  const row = findTransportRow(kind);
  // After a timeout or a cut connection we cannot know whether a submission was created; other
  // requests are not billed, so trying again is the right advice for them.
  const action = endpointKind(method, url) === 'createSubmission' && (kind === 'timeout' || kind === 'network') ? 'checkHistoryBeforeResubmit' : row.action;
  const raw = err instanceof Error ? err.message : String(err);
  return new SphereApiError({ module, kind, explanation: row.explanation, action, serverMessage: undefined, method, url, cause: new Error(redact(raw)) });
}

/** Error for data over the client's size cap (raised before sending, or while downloading). */
export function tooLargeError(module: ApiModule, what: string, limitBytes: number, method?: string, url?: string): SphereApiError {
  const mib = (limitBytes / (1024 * 1024)).toFixed(limitBytes % (1024 * 1024) === 0 ? 0 : 1);
  return new SphereApiError({
    module,
    kind: 'tooLarge',
    explanation: `${what} is larger than ${mib} MiB, the most the client ${method === 'GET' ? 'downloads' : 'sends'} in one go. Nothing was ${method === 'GET' ? 'saved' : 'sent'}.`,
    action: 'fixInput',
    method,
    url,
  });
}

/**
 * A request that did not finish within its overall deadline: a server that trickles its answer
 * (one byte a second never trips the silence timeout) is given up on. Never sent again on our own.
 */
export function deadlineError(module: ApiModule, method: string, url: string, seconds: number): SphereApiError {
  const changing = method !== 'GET';
  return new SphereApiError({
    module,
    kind: 'timeout',
    explanation: `The ${MODULE_LABELS[module]} service did not finish answering within ${seconds} s, the deadline of one request, so it was given up on${changing ? ' and not sent again: check whether it took effect before repeating it' : ''}. Try again later; for very large transfers on a slow network, raise the setting sphereEngine.http.requestDeadlineSeconds.`,
    action: changing && endpointKind(method, url) === 'createSubmission' ? 'checkHistoryBeforeResubmit' : 'retry',
    method,
    url,
  });
}

/**
 * A 3xx answer. Redirects are never followed (the access token would go along to wherever it
 * points) and never taken for success: the error names where it pointed, token redacted.
 */
export function redirectError(module: ApiModule, method: string, url: string, status: number, location: string | undefined): SphereApiError {
  let target = 'no address';
  // Quoted: the redaction of access_token=… stops at a quote, not at a full stop.
  if (location) {
    try {
      target = `"${redact(new URL(location, url).toString())}"`;
    } catch {
      target = `"${redact(location).slice(0, 200)}"`;
    }
  }
  return new SphereApiError({
    module,
    kind: 'http',
    status,
    explanation: `The ${MODULE_LABELS[module]} service answered with a redirect (HTTP ${status}) to ${target}. Redirects are not followed, so your access token is never sent on to another address. Check the endpoint in your connection profile: if that address is your Sphere Engine endpoint, enter it instead.`,
    action: 'openSettings',
    method,
    url,
  });
}

/** Error for an argument refused locally, before any request. */
export function invalidArgument(module: ApiModule, explanation: string): SphereApiError {
  return new SphereApiError({ module, kind: 'invalidArgument', explanation, action: 'fixInput' });
}

/** True for failures worth waiting out (poller) or retrying (GET): network trouble, 5xx, 429. */
export function isTransientError(err: unknown): boolean {
  if (err instanceof SphereApiError) {
    if (err.kind === 'http') return err.status !== undefined && (err.status >= 500 || err.status === 429);
    return err.kind === 'timeout' || err.kind === 'network' || err.kind === 'connectionRefused' || err.kind === 'dns' || err.kind === 'malformed';
  }
  return false;
}

/** The error a cancelled operation rejects with (name 'AbortError', like fetch). */
export function abortError(signal?: AbortSignal): Error {
  const reason = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const err = new Error('The operation was cancelled.');
  err.name = 'AbortError';
  return err;
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}
