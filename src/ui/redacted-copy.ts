// Data handed outside the extension (its exports, which any installed extension can read) is a
// copy with every string redacted: api answers carry tokens in places (Containers stream URIs
// hold `access_token=`), and a copy cannot lead back to the objects the features keep using.
import { redact } from '../api';

/** A plain-JSON copy of `value` with the token masked in every string. */
export function redactedCopy<T>(value: T): T {
  if (value === undefined) return value;
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? redact(v) : v))) as T;
}
