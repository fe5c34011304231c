// Fingerprints by winnowing (Schleimer, Wilkerson and Aiken, 2003, as MOSS and Dolos use it):
// hash every k tokens in a row, then keep the smallest hash of every window of w hashes. Any run of
// at least k + w - 1 tokens two solutions share is guaranteed to give them a fingerprint in common,
// while a solution keeps only about 2/(w+1) of its hashes.
import type { TokenStream } from './tokens';

export interface Fingerprints {
  hashes: Uint32Array;
  /** The token where each fingerprint's k-gram starts. */
  positions: Uint32Array;
}

const BASE = 0x01000193;
/** A k-gram that crosses from one file of a solution into the next: never a fingerprint. */
export const NONE = 0xffffffff;

/** The hash of every k-gram (NONE where it crosses a file boundary). */
export function kgramHashes(tokens: TokenStream, k0: number): Uint32Array {
  // A solution shorter than one k-gram is one k-gram of its own length: it is compared whole.
  const k = Math.max(1, Math.min(k0, tokens.length));
  const count = Math.max(0, tokens.length - k + 1);
  const out = new Uint32Array(count);
  if (count === 0) return out;
  let power = 1; // BASE^(k-1)
  for (let i = 1; i < k; i++) power = Math.imul(power, BASE);
  let h = 0;
  for (let i = 0; i < k; i++) h = (Math.imul(h, BASE) + tokens.kinds[i]) | 0;
  for (let p = 0; p < count; p++) {
    out[p] = tokens.files[p] === tokens.files[p + k - 1] ? h >>> 0 : NONE;
    if (out[p] === NONE && tokens.files[p] === tokens.files[p + k - 1]) out[p] = NONE - 1;
    if (p + k < tokens.length) h = (Math.imul(h - Math.imul(tokens.kinds[p], power), BASE) + tokens.kinds[p + k]) | 0;
  }
  return out;
}

export function winnow(tokens: TokenStream, k: number, w: number): Fingerprints {
  const hashes = kgramHashes(tokens, k);
  const outH: number[] = [];
  const outP: number[] = [];
  let last = -1;
  const windows = Math.max(1, hashes.length - w + 1);
  for (let start = 0; start < windows && hashes.length > 0; start++) {
    let min = start;
    const end = Math.min(hashes.length, start + w);
    for (let j = start + 1; j < end; j++) if (hashes[j] <= hashes[min]) min = j; // rightmost minimum
    if (min !== last && hashes[min] !== NONE) {
      outH.push(hashes[min]);
      outP.push(min);
      last = min;
    }
  }
  return { hashes: Uint32Array.from(outH), positions: Uint32Array.from(outP) };
}
