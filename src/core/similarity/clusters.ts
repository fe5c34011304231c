// Groups of three or more solutions linked by pairs at or above a threshold (connected
// components), and each solution's closest partner: the views a teacher reads after the ranked list.
import type { Cluster, PairScore } from './types';

export function clusters(pairs: readonly PairScore[], threshold: number, minSize = 3): Cluster[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    while (parent.get(x) !== root) {
      const next = parent.get(x)!;
      parent.set(x, root);
      x = next;
    }
    return root;
  };
  const above = pairs.filter((p) => p.similarity >= threshold);
  for (const p of above) {
    if (!parent.has(p.a)) parent.set(p.a, p.a);
    if (!parent.has(p.b)) parent.set(p.b, p.b);
    parent.set(find(p.a), find(p.b));
  }
  const groups = new Map<string, Cluster>();
  for (const key of parent.keys()) {
    const root = find(key);
    const group = groups.get(root) ?? { members: [], max: 0 };
    group.members.push(key);
    groups.set(root, group);
  }
  for (const p of above) {
    const group = groups.get(find(p.a))!;
    group.max = Math.max(group.max, p.similarity);
  }
  return [...groups.values()]
    .filter((g) => g.members.length >= minSize)
    .map((g) => ({ ...g, members: g.members.sort((x, y) => x.localeCompare(y, 'en', { numeric: true })) }))
    .sort((x, y) => y.members.length - x.members.length || y.max - x.max);
}

/** Each solution's highest similarity and the partner it shares it with. */
export function bestMatches(pairs: readonly PairScore[]): Map<string, { partner: string; similarity: number }> {
  const best = new Map<string, { partner: string; similarity: number }>();
  for (const p of pairs) {
    for (const [self, other] of [
      [p.a, p.b],
      [p.b, p.a],
    ]) {
      const current = best.get(self);
      if (!current || p.similarity > current.similarity) best.set(self, { partner: other, similarity: p.similarity });
    }
  }
  return best;
}
