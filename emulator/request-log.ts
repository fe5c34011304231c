// Every request the emulator answered, token redacted. Benchmarks and tests count requests per
// user action with it (GET /__emulator/requests).
export interface LoggedRequest {
  at: number;
  method: string;
  /** Path and query, with access_token shown as ***. */
  url: string;
  status: number;
  ms: number;
}

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private readonly max = 50_000;

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > this.max) this.entries.splice(0, this.entries.length - this.max);
  }

  list(): LoggedRequest[] {
    return this.entries.slice();
  }

  clear(): void {
    this.entries = [];
  }
}

export function redactUrl(url: string): string {
  return url.replace(/(access_token=)[^&#\s]*/gi, '$1***');
}
