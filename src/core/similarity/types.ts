// The similarity report as plain data: what the webview shows, what CSV/JSON export write and
// what the tests read. Every figure a person sees is here, including what was left out and why.
import type { SourceFile } from './tokens';

export interface SolutionInput {
  key: string;
  kind: 'file' | 'folder';
  files: SourceFile[];
}

/** Lines of one file of a solution (1-based, inclusive). */
export interface LineRange {
  file: string;
  from: number;
  to: number;
}

export interface PairScore {
  a: string;
  b: string;
  /** 0..1: fingerprints the two share over their mean fingerprint count (base code and class-wide code left out). */
  similarity: number;
  shared: number;
  /** The longest shared fragment (computed for the top pairs only). */
  longest?: { tokens: number; a: LineRange; b: LineRange };
}

export interface SimilarityReport {
  folder: string;
  createdAt: string;
  settings: { k: number; window: number; commonShare: number; commonMinClass: number };
  solutions: Array<{
    key: string;
    kind: 'file' | 'folder';
    files: string[];
    tokens: number;
    fingerprints: number;
    /** 0..1: the share of its fingerprints most of the class holds too (when that filter is on). */
    sharedShare?: number;
    /** Mostly code the class shares: its pairs are scored on what remains of it (remains.ts). */
    comparedByRemainder?: boolean;
  }>;
  /** Entries not compared, each with its reason (binary, too large, unreadable, no language, base code…). */
  skipped: Array<{ key: string; reason: string }>;
  excluded: {
    base?: { path: string; fingerprints: number; removed: number };
    /** Fingerprints held by more than `commonShare` of the class, ignored in every pair. */
    common: { fingerprints: number; applied: boolean };
  };
  /** Every pair that shares at least one fingerprint, highest similarity first. */
  pairs: PairScore[];
  /** Pairs sharing nothing (not listed). */
  unrelatedPairs: number;
}

export interface Cluster {
  members: string[];
  /** The highest similarity among the cluster's pairs. */
  max: number;
}

/** One matched region, the same code in both solutions: character ranges in a file of each. */
export interface Region {
  id: number;
  tokens: number;
  a: { file: number; start: number; end: number };
  b: { file: number; start: number; end: number };
}

export interface PairView {
  similarity: number;
  a: { key: string; files: SourceFile[] };
  b: { key: string; files: SourceFile[] };
  regions: Region[];
}
