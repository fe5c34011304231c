// Problems v4 submission statuses (spec table plus 21/22 from the service's status page).
// The judges and the submission pipeline speak in these codes; the two-letter forms are what
// master judges read and write in the fd protocol.
import { isPendingStatus, statusRow, SUBMISSION_STATUS } from '../../contract';

/** The codes the judges and the pipeline use, under the names their code reads them by; codes and names come from the one status table (contract/status-table.ts). */
export const STATUS = {
  waiting: SUBMISSION_STATUS.waiting,
  compilation: SUBMISSION_STATUS.compilation,
  execution: SUBMISSION_STATUS.execution,
  compilingJudge: SUBMISSION_STATUS.compilingJudge,
  executingJudge: SUBMISSION_STATUS.executingJudge,
  compilingMaster: SUBMISSION_STATUS.compilingMasterJudge,
  executingMaster: SUBMISSION_STATUS.executingMasterJudge,
  testing: SUBMISSION_STATUS.testing,
  compilationError: SUBMISSION_STATUS.compilationError,
  runtimeError: SUBMISSION_STATUS.runtimeError,
  timeLimit: SUBMISSION_STATUS.timeLimitExceeded,
  wrongAnswer: SUBMISSION_STATUS.wrongAnswer,
  accepted: SUBMISSION_STATUS.accepted,
  memoryLimit: SUBMISSION_STATUS.memoryLimitExceeded,
  illegalCall: SUBMISSION_STATUS.illegalSystemCall,
  internalError: SUBMISSION_STATUS.internalError,
  judgeError: SUBMISSION_STATUS.judgeError,
  problemError: SUBMISSION_STATUS.problemError,
} as const;

export function statusName(code: number): string {
  return statusRow(code)?.name ?? 'internal error';
}

/** Codes 0-8 mean the submission is still being processed. */
export function isExecuting(code: number): boolean {
  return isPendingStatus(code);
}

/** The abbreviations master judges exchange on fd 0 / fd 1 (the table's `short` column). */
export { statusFromShort, statusShort } from '../../contract';
