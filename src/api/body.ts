// Request bodies: JSON, URL-encoded form, or multipart. Multipart file parts are read
// lazily from disk (fs.openAsBlob), so an archive is never held in memory as a whole.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FormData } from './undici-parts';

export type FieldValue = string | number | boolean | undefined | null;

export type MultipartPart =
  | { name: string; value: FieldValue }
  | { name: string; filePath: string; filename?: string; contentType?: string }
  | { name: string; data: Buffer | Uint8Array; filename: string; contentType?: string };

export type RequestBody = { kind: 'json'; value: unknown } | { kind: 'form'; fields: Record<string, FieldValue | FieldValue[]> } | { kind: 'multipart'; parts: MultipartPart[] };

export interface EncodedBody {
  body: string | FormData;
  /** Absent for FormData: undici sets the boundary itself. */
  contentType?: string;
}

/** Omit undefined/null fields; booleans as 1/0, which every module accepts in forms. */
function fieldString(value: FieldValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

export async function encodeBody(body: RequestBody): Promise<EncodedBody> {
  switch (body.kind) {
    case 'json':
      return { body: JSON.stringify(body.value), contentType: 'application/json' };
    case 'form': {
      const params = new URLSearchParams();
      for (const [key, raw] of Object.entries(body.fields)) {
        for (const v of Array.isArray(raw) ? raw : [raw]) {
          const s = fieldString(v);
          if (s !== undefined) params.append(key, s);
        }
      }
      return { body: params.toString(), contentType: 'application/x-www-form-urlencoded' };
    }
    case 'multipart': {
      const form = new FormData();
      for (const part of body.parts) {
        if ('filePath' in part) {
          const blob = await fs.openAsBlob(part.filePath, part.contentType ? { type: part.contentType } : undefined);
          form.append(part.name, blob, part.filename ?? path.basename(part.filePath));
        } else if ('data' in part) {
          const blob = new Blob([part.data], part.contentType ? { type: part.contentType } : undefined);
          form.append(part.name, blob, part.filename);
        } else {
          const s = fieldString(part.value);
          if (s !== undefined) form.append(part.name, s);
        }
      }
      return { body: form };
    }
  }
}

/** Bytes a multipart body will carry in file parts (for size checks before sending). */
export async function fileBytes(part: MultipartPart): Promise<number> {
  if ('filePath' in part) return (await fs.promises.stat(part.filePath)).size;
  if ('data' in part) return part.data.byteLength;
  return 0;
}
