// Which problems a "pull many" means: ids, codes, or every problem of the account. Codes and
// --all are read from GET /problems page by page (the largest page the API allows); an id is
// asked for directly, so pulling by id never lists the account.
import { SphereApiError, type ProblemsClient } from '../../api';
import { errorText } from './describe';
import type { PullTarget } from './pull-many';

export const LIST_PAGE = 100;

export interface ResolvedTargets {
  targets: PullTarget[];
  /** Each reference that names no problem, with why. */
  unknown: string[];
}

/** `refs`: problem ids (all digits) or codes; `all`: every problem the listing shows. */
export async function resolvePullTargets(client: ProblemsClient, refs: string[], o: { all?: boolean; signal?: AbortSignal } = {}): Promise<ResolvedTargets> {
  const codes = refs.filter((r) => !/^\d+$/.test(r));
  const listed: PullTarget[] = [];
  if (o.all || codes.length) {
    for await (const p of client.iterateProblems({ limit: LIST_PAGE, shortBody: true }, o.signal)) listed.push({ problemId: p.id, code: p.code });
  }
  const targets: PullTarget[] = o.all ? [...listed] : [];
  const unknown: string[] = [];
  for (const ref of refs) {
    if (!/^\d+$/.test(ref)) {
      const found = listed.find((t) => t.code?.toUpperCase() === ref.toUpperCase());
      if (found) targets.push(found);
      else unknown.push(`${ref}: no problem with this code among the account's problems.`);
      continue;
    }
    try {
      const p = await client.getProblem(Number(ref), { shortBody: true }, o.signal);
      targets.push({ problemId: p.id, code: p.code });
    } catch (err) {
      if (!(err instanceof SphereApiError) || (err.status !== 404 && err.status !== 403)) throw err;
      unknown.push(`${ref}: ${errorText(err)}`);
    }
  }
  return { targets, unknown };
}
