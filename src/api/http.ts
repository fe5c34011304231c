// The HTTP core shared by the three clients: one keep-alive connection pool per endpoint,
// access_token on every call, JSON/form/multipart bodies, GET-only retries, size-capped
// downloads, cancellation, redacted one-line logs.
import { File } from 'node:buffer';
import { streamToFile, type DownloadedFile } from './download-file';
import { TransformStream } from 'node:stream/web';
import type { Dispatcher } from 'undici';
import { FormData, Pool, ProxyAgent } from './undici-parts';
import { encodeBody, type FieldValue, type RequestBody } from './body';
import { apiBaseUrl } from './endpoint';
import { abortError, deadlineError, errorFromHttp, errorFromTransport, redirectError, SphereApiError, tooLargeError } from './errors';
import type { ApiModule } from './modules';
import { selectProxy, type ProxyConfig } from './proxy';
import { redact, registerSecret } from './redact';
import { abortableSleep, backoffDelay, DEFAULT_RETRY, isRetryableMethod, isRetryableStatus, parseRetryAfter, type RetryOptions, type Sleep } from './retry';

/** 16 MiB: the service's own limit for file uploads and downloads. */
export const MAX_TRANSFER_BYTES = 16 * 1024 * 1024;
/** Error bodies are short JSON; anything longer is read only this far. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export type { DownloadedFile };

export const USER_AGENT = 'SphereEngine/VSCode';

export interface Timeouts {
  /** TCP+TLS connect. Default 10 s. */
  connectMs?: number;
  /** Waiting for response headers. Default 30 s. */
  headersMs?: number;
  /** Maximum silence while reading a body. Default 30 s. */
  bodyMs?: number;
  /**
   * The whole request, retries and their waits included: a server that sends one byte a second
   * never trips the silence timeouts above, this ends it. Default 5 min (a 16 MiB upload at 0.5 Mbit/s).
   */
  deadlineMs?: number;
}

export const DEFAULT_TIMEOUTS: Required<Timeouts> = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000, deadlineMs: 300_000 };

export interface HttpClientOptions {
  /** What the user configured: a customer id or a URL (see normaliseEndpoint). */
  endpoint: string;
  token: string;
  proxy?: ProxyConfig;
  /** Environment for proxy fallbacks; default process.env. */
  env?: Record<string, string | undefined>;
  timeouts?: Timeouts;
  retry?: RetryOptions;
  /** Injectable for tests; default a real, abortable timer. */
  sleep?: Sleep;
  /** Injectable for tests (jitter); default Math.random. */
  random?: () => number;
  /** Receives one redacted line per request attempt: method, URL, status, duration. */
  logger?: (line: string) => void;
  /** Cap for raw downloads; default 16 MiB. */
  maxDownloadBytes?: number;
  userAgent?: string;
  /**
   * What the caller knows better than this layer about a failure, applied to every error a
   * request ends with: the connection turns a refused connection to the built-in emulator
   * profile into "the local emulator is not running" (Start Local Emulator fixes it, not the
   * endpoint settings). Default: errors as they are.
   */
  explainError?: (error: SphereApiError) => SphereApiError;
}

export type Query = Record<string, FieldValue | FieldValue[]>;

export interface RequestOptions {
  query?: Query;
  body?: RequestBody;
  signal?: AbortSignal;
  /**
   * false: send a GET once, with no quick retries. For fetches of a submission: the services
   * refuse a second fetch of one submission within their polling protection (1 s), and the
   * callers (the poller, the features) already keep the module's rhythm and ride out failures.
   */
  retry?: boolean;
  /**
   * Multipart bodies: called with the bytes of the file parts read into the request body so far
   * and their total size; first with 0, last with the total (the whole file has gone out).
   */
  onUploadProgress?: UploadProgress;
}

export type UploadProgress = (sent: number, total: number) => void;

export interface RawRequestOptions extends RequestOptions {
  /** Overrides the client's download cap for this call. */
  maxBytes?: number;
  /** Used in the too-large message, e.g. "The file src/a.txt". */
  what?: string;
}

type ResponseData = Dispatcher.ResponseData;

/**
 * Stop reading a body we will not use. Destroying undici's body stream makes it emit
 * "Request aborted"; with no listener that error would escape as an uncaught exception,
 * so a no-op listener takes it (the caller already reports the real reason).
 */
function discardBody(res: ResponseData): void {
  res.body.on('error', () => undefined);
  res.body.destroy();
}

/** Read a body up to `cap` bytes; returns null (and discards the stream) past the cap. */
async function readCapped(res: ResponseData, cap: number): Promise<Buffer | null> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) {
    discardBody(res);
    return null;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res.body) {
    total += (chunk as Buffer).length;
    if (total > cap) {
      discardBody(res);
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function headerString(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function isJsonContentType(contentType: string): boolean {
  return /^application\/([a-z0-9.+-]*\+)?json\b/i.test(contentType.trim());
}

/** A short, readable excerpt of a non-JSON error body (HTML pages reduced to their text). */
function describeBody(text: string, contentType: string): string {
  let plain = text;
  if (/html/i.test(contentType) || /^\s*</.test(text)) {
    plain = text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
  }
  plain = plain.replace(/\s+/g, ' ').trim();
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}

/**
 * A file part that counts its bytes as undici reads them into the request body. undici streams
 * the body with backpressure, so bytes read are bytes handed to the socket, give or take a chunk.
 */
class CountingFile extends File {
  constructor(
    source: File,
    private readonly onRead: (bytes: number) => void,
  ) {
    // A Blob made from a Blob shares its bytes (a file-backed one is still read lazily from disk).
    super([source], source.name, { type: source.type, lastModified: source.lastModified });
  }

  override stream(): ReturnType<File['stream']> {
    const onRead = this.onRead;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        onRead(chunk.byteLength);
      },
    });
    return super.stream().pipeThrough(counter) as ReturnType<File['stream']>;
  }
}

/** The same form with its file parts counted; reports (0, total) at once. */
function countingForm(form: FormData, onProgress: UploadProgress): FormData {
  const entries = [...form];
  const total = entries.reduce((sum, [, value]) => sum + (typeof value === 'string' ? 0 : value.size), 0);
  let sent = 0;
  const counted = new FormData();
  for (const [name, value] of entries) {
    // Appended without a file name, undici keeps this very File object (and its counting stream()).
    if (typeof value === 'string') counted.append(name, value);
    else counted.append(name, new CountingFile(value, (bytes) => onProgress((sent += bytes), total)));
  }
  onProgress(0, total);
  return counted;
}

class Attempt<T> {
  constructor(
    readonly value?: T,
    readonly retryAfterMs?: number,
    readonly retryable = false,
    readonly error?: unknown,
  ) {}
}

export class HttpClient {
  readonly module: ApiModule;
  /** Module base URL plus API path, e.g. https://abc.containers.sphere-engine.com/api/v1. */
  readonly apiBase: string;
  private readonly token: string;
  private readonly dispatcher: Dispatcher;
  private readonly origin: string;
  private readonly timeouts: Required<Timeouts>;
  private readonly retry: Required<RetryOptions>;
  private readonly sleep: Sleep;
  private readonly random: () => number;
  private readonly logger?: (line: string) => void;
  private readonly maxDownloadBytes: number;
  private readonly userAgent: string;
  private readonly explainError: (error: SphereApiError) => SphereApiError;

  constructor(module: ApiModule, options: HttpClientOptions) {
    this.module = module;
    this.apiBase = apiBaseUrl(module, options.endpoint);
    this.token = options.token;
    registerSecret(options.token);
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? abortableSleep;
    this.random = options.random ?? Math.random;
    this.logger = options.logger;
    this.maxDownloadBytes = options.maxDownloadBytes ?? MAX_TRANSFER_BYTES;
    this.userAgent = options.userAgent ?? USER_AGENT;
    this.explainError = options.explainError ?? ((error) => error);
    const base = new URL(this.apiBase);
    this.origin = base.origin;
    const strictSSL = options.proxy?.strictSSL !== false;
    const proxy = selectProxy(base, options.proxy, options.env ?? process.env);
    const connect = { timeout: this.timeouts.connectMs, rejectUnauthorized: strictSSL };
    this.dispatcher = proxy
      ? new ProxyAgent({ uri: proxy, connect, requestTls: { rejectUnauthorized: strictSSL }, proxyTls: { rejectUnauthorized: strictSSL } })
      : new Pool(this.origin, { connect, keepAliveTimeout: 30_000, connections: 8 });
  }

  /** Full URL of an API path with the token in the query (never log it unredacted). */
  url(path: string, query: Query = {}): URL {
    const url = new URL(this.apiBase + path);
    url.searchParams.set('access_token', this.token);
    for (const [key, raw] of Object.entries(query)) {
      for (const v of Array.isArray(raw) ? raw : [raw]) {
        if (v === undefined || v === null) continue;
        url.searchParams.append(key, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
      }
    }
    return url;
  }

  /** A request whose success answer is JSON (an empty success body reads as {}). */
  json<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    return this.send(method, path, options, async (res, url) => {
      const buf = await readCapped(res, MAX_TRANSFER_BYTES);
      if (buf === null) throw tooLargeError(this.module, 'The answer', MAX_TRANSFER_BYTES, method, url);
      const text = buf.toString('utf8');
      const contentType = headerString(res.headers['content-type']);
      if (text.trim() === '') return {} as T;
      if (!isJsonContentType(contentType)) {
        throw errorFromHttp({
          module: this.module,
          method,
          url,
          status: res.statusCode,
          malformed: true,
          serverMessage: `unexpected content type "${contentType || 'none'}": ${describeBody(text, contentType)}`,
        });
      }
      try {
        return JSON.parse(text) as T;
      } catch {
        throw errorFromHttp({ module: this.module, method, url, status: res.statusCode, malformed: true, serverMessage: `invalid JSON: ${describeBody(text, contentType)}` });
      }
    });
  }

  /** A request whose success answer is raw bytes (a stream or a file), size-capped. */
  raw(method: string, path: string, options: RawRequestOptions = {}): Promise<Buffer> {
    const cap = options.maxBytes ?? this.maxDownloadBytes;
    return this.send(method, path, options, async (res, url) => {
      const buf = await readCapped(res, cap);
      if (buf === null) throw tooLargeError(this.module, options.what ?? 'The download', cap, method, url);
      return buf;
    });
  }

  /**
   * A raw download streamed into `file` (through `file.part`, renamed once complete), hashed on
   * the way: memory stays flat whatever the size. Over the cap: nothing is left on disk.
   */
  download(method: string, path: string, file: string, options: RawRequestOptions = {}): Promise<DownloadedFile> {
    const cap = options.maxBytes ?? this.maxDownloadBytes;
    return this.send(method, path, options, (res, url) => streamToFile(res, file, cap, () => tooLargeError(this.module, options.what ?? 'The download', cap, method, url)));
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private async send<T>(method: string, path: string, options: RequestOptions, onSuccess: (res: ResponseData, redactedUrl: string) => Promise<T>): Promise<T> {
    const url = this.url(path, options.query);
    const shownUrl = redact(url.toString());
    const attempts = isRetryableMethod(method) && options.retry !== false ? Math.max(1, this.retry.attempts) : 1;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeouts.deadlineMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
    const within = { ...options, signal };
    try {
      for (let attempt = 1; ; attempt++) {
        if (signal.aborted) throw abortError(signal);
        const result = await this.attempt(method, url, shownUrl, within, onSuccess);
        if (result.error === undefined) return result.value as T;
        if (!result.retryable || attempt >= attempts) throw result.error;
        await this.sleep(backoffDelay(attempt, this.retry, this.random, result.retryAfterMs), signal);
      }
    } catch (err) {
      // The deadline, not the caller, stopped it: say so (a cancellation stays a cancellation).
      if (deadline.signal.aborted && !options.signal?.aborted) {
        this.logger?.(`${method} ${shownUrl} DEADLINE ${this.timeouts.deadlineMs}ms`);
        throw this.explainError(deadlineError(this.module, method, shownUrl, Math.round(this.timeouts.deadlineMs / 1000)));
      }
      throw err instanceof SphereApiError ? this.explainError(err) : err;
    } finally {
      clearTimeout(timer);
    }
  }

  private async attempt<T>(
    method: string,
    url: URL,
    shownUrl: string,
    options: RequestOptions,
    onSuccess: (res: ResponseData, redactedUrl: string) => Promise<T>,
  ): Promise<Attempt<T>> {
    const started = Date.now();
    const log = (outcome: string) => this.logger?.(redact(`${method} ${shownUrl} ${outcome} ${Date.now() - started}ms`));
    const headers: Record<string, string> = { 'user-agent': this.userAgent, accept: 'application/json' };
    let body: string | import('undici').FormData | undefined;
    if (options.body) {
      const encoded = await encodeBody(options.body);
      body = options.onUploadProgress && encoded.body instanceof FormData ? countingForm(encoded.body, options.onUploadProgress) : encoded.body;
      if (encoded.contentType) headers['content-type'] = encoded.contentType;
    }
    let res: ResponseData;
    try {
      res = await this.dispatcher.request({
        origin: this.origin,
        path: url.pathname + url.search,
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        signal: options.signal,
        headersTimeout: this.timeouts.headersMs,
        bodyTimeout: this.timeouts.bodyMs,
      });
    } catch (err) {
      if (options.signal?.aborted) {
        log('CANCELLED');
        throw abortError(options.signal);
      }
      const error = errorFromTransport(this.module, method, shownUrl, err);
      log(`ERROR ${error.kind}`);
      return new Attempt<T>(undefined, undefined, true, error);
    }

    const status = res.statusCode;
    if (status >= 300 && status < 400) {
      discardBody(res);
      log(String(status));
      return new Attempt<T>(undefined, undefined, false, redirectError(this.module, method, shownUrl, status, headerString(res.headers.location) || undefined));
    }
    if (status >= 400) {
      const retryAfterMs = parseRetryAfter(res.headers['retry-after']);
      let error: SphereApiError;
      try {
        error = await this.errorFromResponse(method, shownUrl, res);
      } catch (err) {
        if (options.signal?.aborted) throw abortError(options.signal);
        error = errorFromTransport(this.module, method, shownUrl, err);
      }
      log(String(status));
      return new Attempt<T>(undefined, retryAfterMs, isRetryableStatus(status), error);
    }
    try {
      const value = await onSuccess(res, shownUrl);
      log(String(status));
      return new Attempt<T>(value);
    } catch (err) {
      if (options.signal?.aborted) {
        log('CANCELLED');
        throw abortError(options.signal);
      }
      if (err instanceof SphereApiError) {
        log(`${status} ${err.kind}`);
        // A cut-off or garbled body on a GET is worth another try; a cap overrun is not.
        return new Attempt<T>(undefined, undefined, err.kind === 'malformed', err);
      }
      const error = errorFromTransport(this.module, method, shownUrl, err);
      log(`${status} ERROR ${error.kind}`);
      return new Attempt<T>(undefined, undefined, true, error);
    }
  }

  private async errorFromResponse(method: string, shownUrl: string, res: ResponseData): Promise<SphereApiError> {
    const contentType = headerString(res.headers['content-type']);
    const buf = (await readCapped(res, MAX_ERROR_BODY_BYTES)) ?? Buffer.from('');
    const text = buf.toString('utf8');
    let errorCode: number | undefined;
    let serverMessage: string | undefined;
    try {
      const parsed = JSON.parse(text) as { error_code?: unknown; message?: unknown };
      if (typeof parsed.error_code === 'number') errorCode = parsed.error_code;
      else if (typeof parsed.error_code === 'string' && /^\d+$/.test(parsed.error_code)) errorCode = Number(parsed.error_code);
      if (typeof parsed.message === 'string') serverMessage = parsed.message;
    } catch {
      if (text.trim() !== '') serverMessage = `non-JSON answer (${contentType || 'no content type'}): ${describeBody(text, contentType)}`;
    }
    return errorFromHttp({ module: this.module, method, url: shownUrl, status: res.statusCode, errorCode, serverMessage });
  }
}
