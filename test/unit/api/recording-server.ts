// A real HTTP server on 127.0.0.1 that records every request, so tests can check the wire
// format the clients produce (method, path, query, headers, body) and script the answers.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Client-side port of the TCP connection: equal ports mean a reused (keep-alive) connection. */
  remotePort: number;
}

export type Reply =
  { status?: number; json: unknown; headers?: Record<string, string> } | { status?: number; text: string | Buffer; headers?: Record<string, string> } | { destroy: true };

export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface RecordingServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  requests: RecordedRequest[];
  handler: Handler;
  close(): Promise<void>;
}

export async function startRecordingServer(handler: Handler = () => ({ json: {} })): Promise<RecordingServer> {
  const state: RecordingServer = { origin: '', requests: [], handler, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
        remotePort: req.socket.remotePort ?? 0,
      };
      state.requests.push(recorded);
      const reply = await state.handler(recorded);
      if ('destroy' in reply) {
        req.socket.destroy();
        return;
      }
      const status = reply.status ?? 200;
      if ('json' in reply) {
        res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.json));
      } else {
        res.writeHead(status, { 'content-type': 'application/octet-stream', ...reply.headers });
        res.end(reply.text);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** Parse a recorded multipart or urlencoded body with the platform's own parser. */
export async function parseForm(req: RecordedRequest): Promise<FormData> {
  return new Response(req.body, { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
}

/** A fake sleep that records the waits and returns at once. */
export function fakeSleep(): { sleeps: number[]; sleep: (ms: number, signal?: AbortSignal) => Promise<void> } {
  const sleeps: number[] = [];
  return {
    sleeps,
    sleep: async (ms: number, signal?: AbortSignal) => {
      sleeps.push(ms);
      if (signal?.aborted) {
        const e = new Error('aborted');
        e.name = 'AbortError';
        throw e;
      }
    },
  };
}
