// One reader for POST and PUT bodies: JSON, urlencoded and multipart all give the same Params.
// JSON null counts as absent. `files[name]` parts (multipart) or a `files` object (JSON) become
// the multi-file map.
import type { Context } from 'hono';
import { apiError } from './errors';

export type Value = string | File;

export class Params {
  constructor(private readonly fields: Map<string, Value[]>) {}

  has(name: string): boolean {
    return this.fields.has(name);
  }

  /** The field as text (a file part is read as text only by text()). */
  str(name: string): string | undefined {
    const v = this.fields.get(name)?.[0];
    return typeof v === 'string' ? v : undefined;
  }

  /** A field that may be a file part or a plain string, as bytes. */
  async bytes(name: string): Promise<Buffer | undefined> {
    const v = this.fields.get(name)?.[0];
    if (v === undefined) return undefined;
    if (typeof v === 'string') return Buffer.from(v, 'utf8');
    return Buffer.from(await v.arrayBuffer());
  }

  file(name: string): File | undefined {
    const v = this.fields.get(name)?.[0];
    return v instanceof File ? v : undefined;
  }

  /** All values of a repeated field, e.g. `states[]` or `output_filenames[]`. */
  all(name: string): Value[] {
    return [...(this.fields.get(name) ?? []), ...(this.fields.get(`${name}[]`) ?? [])];
  }

  /** `files[<name>]` entries: file name → content. */
  async filesMap(prefix = 'files'): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    for (const [key, values] of this.fields) {
      const m = new RegExp(`^${prefix}\\[(.+)\\]$`).exec(key);
      if (!m) continue;
      const v = values[0];
      out.set(m[1], typeof v === 'string' ? Buffer.from(v, 'utf8') : Buffer.from(await v.arrayBuffer()));
    }
    return out;
  }

  /**
   * An integer field, or the default when absent or empty. Throws the given error when the value
   * is present but not an integer.
   */
  int(name: string, fallback: number | undefined, onBad: () => Error): number | undefined {
    const raw = this.str(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d+$/.test(raw.trim())) throw onBad();
    return Number(raw.trim());
  }

  number(name: string, fallback: number | undefined, onBad: () => Error): number | undefined {
    const raw = this.str(name);
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw.trim());
    if (!Number.isFinite(n)) throw onBad();
    return n;
  }

  /** true/false, 1/0, "true"/"false" (forms send strings, JSON sends booleans). */
  bool(name: string, fallback: boolean, onBad: () => Error): boolean {
    const raw = this.str(name);
    if (raw === undefined || raw === '') return fallback;
    const v = raw.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    throw onBad();
  }
}

function add(map: Map<string, Value[]>, key: string, value: Value) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function addJson(map: Map<string, Value[]>, key: string, value: unknown) {
  if (value === null || value === undefined) return; // JSON null counts as absent
  if (Array.isArray(value)) {
    for (const item of value) addJson(map, key, item);
  } else if (typeof value === 'object') {
    // `files: {"prog.py": "..."}` in JSON maps onto the multipart `files[prog.py]` form.
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) addJson(map, `${key}[${k}]`, v);
  } else {
    add(map, key, String(value));
  }
}

export async function readParams(c: Context): Promise<Params> {
  const map = new Map<string, Value[]>();
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('application/json')) {
    let body: unknown;
    try {
      const text = await c.req.text();
      body = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw apiError(400, 10, 'invalid request data: malformed JSON body');
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body)) addJson(map, k, v);
    }
  } else if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw apiError(400, 10, 'invalid request data: malformed form body');
    }
    for (const [k, v] of form.entries()) add(map, k, v);
  }
  // Query parameters count too for POST/PUT (some clients send fields there); the body wins.
  const url = new URL(c.req.url);
  for (const [k, v] of url.searchParams) {
    if (k === 'access_token') continue;
    if (!map.has(k)) add(map, k, v);
  }
  return new Params(map);
}

/** Query-only params for GET. */
export function queryParams(c: Context): Params {
  const map = new Map<string, Value[]>();
  for (const [k, v] of new URL(c.req.url).searchParams) if (k !== 'access_token') add(map, k, v);
  return new Params(map);
}
