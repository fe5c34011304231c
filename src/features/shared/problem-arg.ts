// The problem a command was given: a number, a problem row of the Problems view (any node shaped
// `{ kind: 'problem', problem: { id } }`) or `{ problemId }` from a test or another command. Shared
// by the problems and judge-many commands; typed by shape, so it needs nothing of the tree.

/** A tree node or a number: the problem id a view/item command was given. */
export function problemIdFrom(arg: unknown): number | undefined {
  if (typeof arg === 'number') return arg;
  const node = arg as { kind?: unknown; problem?: { id?: unknown } } | undefined;
  if (node && node.kind === 'problem' && typeof node.problem?.id === 'number') return node.problem.id;
  if (arg && typeof arg === 'object' && typeof (arg as { problemId?: unknown }).problemId === 'number') return (arg as { problemId: number }).problemId;
  return undefined;
}
