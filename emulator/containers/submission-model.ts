// The persisted submission record and the Submission resource of the spec.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatTimestamp } from '../clock';
import {
  CONTAINERS_STATUS,
  CONTAINERS_STATUS_TEXT,
  CONTAINERS_SUBMISSION_STREAMS,
  CONTAINERS_UNFINISHED,
  type ContainersStatusKey,
  type ContainersStreamName,
} from '../../contract';
import type { EmulatorContext } from '../context';
import { STAGES, type StageName } from './project-config';

/** A code's name and description by number (the spec's table: contract/containers-status.ts). */
export const SUBMISSION_STATUS: Record<number, { name: string; desc: string }> = Object.fromEntries(
  (Object.keys(CONTAINERS_STATUS) as ContainersStatusKey[]).map((key) => [CONTAINERS_STATUS[key], CONTAINERS_STATUS_TEXT[key]]),
);

/** Whether a submission has its verdict: no longer queued, preparing or running. */
export const isFinalStatus = (code: number) => !(CONTAINERS_UNFINISHED as readonly number[]).includes(code);

export interface StageResult {
  time: number;
  skipped: boolean;
  exit_code: number;
  signal: number | null;
  status_changed_to: { code: number; name: string; desc: string | null } | null;
}

export interface SubmissionRecord {
  id: number;
  projectId: string;
  projectName: string;
  scenario: string;
  /** Emulated clock time, ms. */
  date: number;
  status: number;
  score: number;
  time: number;
  memory: number;
  signal: number;
  stages: Record<StageName, StageResult>;
}

export function emptyStages(): Record<StageName, StageResult> {
  const stages = {} as Record<StageName, StageResult>;
  for (const s of STAGES) stages[s] = { time: 0, skipped: true, exit_code: 0, signal: null, status_changed_to: null };
  return stages;
}

export function submissionDir(ctx: EmulatorContext, id: number): string {
  return ctx.store.dirFor('containers', 'submissions', String(id));
}

export function submissionStreamFile(ctx: EmulatorContext, id: number, stream: ContainersStreamName): string {
  return path.join(submissionDir(ctx, id), 'streams', stream);
}

export function submissionResource(ctx: EmulatorContext, s: SubmissionRecord) {
  const executing = !isFinalStatus(s.status);
  const streams = {} as Record<ContainersStreamName, { size: number; uri: string } | null>;
  for (const name of CONTAINERS_SUBMISSION_STREAMS) {
    streams[name] = null;
    // Stream data is available only once the submission is final (spec: `executing`).
    if (executing) continue;
    const st = fs.statSync(submissionStreamFile(ctx, s.id, name), { throwIfNoEntry: false });
    if (st) {
      const token = encodeURIComponent(ctx.streamToken());
      streams[name] = { size: st.size, uri: `${ctx.origin()}/containers/api/v1/submissions/${s.id}/${name}?access_token=${token}` };
    }
  }
  return {
    id: s.id,
    executing,
    date: formatTimestamp(s.date, 'compact'),
    project: { id: s.projectId, name: s.projectName },
    scenario: s.scenario,
    result: {
      status: { code: s.status, name: SUBMISSION_STATUS[s.status]?.name ?? 'unknown' },
      score: s.score,
      time: s.time,
      memory: s.memory,
      signal: s.signal,
    },
    streams,
    stages: s.stages,
  };
}
