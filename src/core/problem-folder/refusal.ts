// A push the service refused with 403: the token read the problem (the plan was made with it) but
// may not change it, as a token without write access. applyPlan already stops at the first failed
// change; this names what was and was not applied, so the message can say plainly that nothing
// (or exactly what) changed on the service, and what to do about it. No token in any of it.
import { SphereApiError } from '../../api';
import type { PushResult } from './apply';
import { describeChange } from './describe';
import type { PushPlan } from './plan';

export interface WriteRefusal {
  /** The change the service refused (the first one it was sent, when nothing was applied). */
  refused: string;
  /** Changes applied before the refusal: usually none, the first management call is refused. */
  applied: string[];
  /** Changes not sent after it. */
  notSent: string[];
}

/** The refusal, when the push stopped on a 403; undefined for any other outcome. */
export function writeRefusal(result: PushResult, plan: PushPlan): WriteRefusal | undefined {
  const failed = result.failed;
  if (!failed || !(failed.error instanceof SphereApiError) || failed.error.status !== 403) return undefined;
  return {
    refused: describeChange(failed.change, plan),
    applied: result.applied.map((c) => describeChange(c, plan)),
    notSent: result.notApplied.map((c) => describeChange(c, plan)),
  };
}

/** What changed on the service, in one sentence (the terminal's wording; VS Code has its own). */
export function describeRefusalState(r: WriteRefusal): string {
  if (r.applied.length) return `Applied before the refusal: ${r.applied.join('; ')}. Not applied: ${[r.refused, ...r.notSent].join('; ')}.`;
  return r.notSent.length ? `Nothing was changed on the service (not sent: ${r.notSent.join('; ')}).` : 'Nothing was changed on the service.';
}
