// A scoring Kattis problem (type: scoring, groups under data/secret with accept_score, range,
// grader_flags) as a Sphere Engine master judge: the group tree is written into a Python master
// judge that grades the per-test verdicts as problemtools' default grader does — a test scores
// its group's accept_score when accepted, else reject_score; a group adds up (or takes the min,
// max or average of) its items, stops at the first rejection with on_reject: break, is clamped to
// its range; its verdict is the first failure, or accepted when any item was with
// accept_if_any_accepted. The final score is given as a percentage of the full score, so that a
// partially accepted submission scores strictly between 0 and 100. Sample tests are judged but
// not graded (problemtools' ignore_sample).
import type { GroupItem, GroupNode } from './package-tests';
// The judge itself, a real Python file (imported as text: esbuild.js, scripts/program-files.js);
// its `TREE = json.loads("{}")` line is replaced by the package's group tree.
import SCORING_JUDGE_TEMPLATE from './scoring-judge.py';

const TEMPLATE_TREE_LINE = /^TREE = json\.loads\("\{\}"\)$/m;

export const SCORING_JUDGE_KEY = 'kattis_scoring';

export type ScoringTree = {
  rel: string;
  flags: string[];
  range: [number, number] | null;
  onReject: string;
  items: Array<{ test: number; accept: number; reject: number } | ScoringTree>;
};

function tree(node: GroupNode, numberOf: (index: number) => number): ScoringTree {
  const c = node.config;
  return {
    rel: node.rel,
    flags: [c.aggregation, ...(c.verdict.acceptIfAnyAccepted ? ['accept_if_any_accepted'] : [])],
    range: c.range ?? null,
    onReject: c.onReject,
    items: node.items.map((i: GroupItem) => ('test' in i ? { test: numberOf(i.test), accept: c.acceptScore, reject: c.rejectScore } : tree(i, numberOf))),
  };
}

/** The score of a submission accepted on every test, as the judge grades it (the full score). */
export function fullScoreOf(node: ScoringTree): number {
  const scores = node.items.map((i) => ('test' in i ? i.accept : fullScoreOf(i)));
  const agg = node.flags[0];
  let score = !scores.length
    ? 0
    : agg === 'min'
      ? Math.min(...scores)
      : agg === 'max'
        ? Math.max(...scores)
        : agg === 'avg'
          ? scores.reduce((a, b) => a + b, 0) / scores.length
          : scores.reduce((a, b) => a + b, 0);
  if (node.range) score = Math.max(node.range[0], Math.min(node.range[1], score));
  return score;
}

/** The master judge's Python source for the secret group tree; `numberOf` maps a package test to its folder test number. */
const TREE_LINE = /^TREE = json\.loads\((".*")\)$/m;

/** The group tree a generated scoring judge holds (for export), or undefined for any other source. */
export function scoringTreeOf(source: string): ScoringTree | undefined {
  const m = TREE_LINE.exec(source);
  try {
    return m ? (JSON.parse(JSON.parse(m[1]) as string) as ScoringTree) : undefined;
  } catch {
    return undefined;
  }
}

export function scoringTree(secret: GroupNode, numberOf: (index: number) => number): ScoringTree {
  return tree(secret, numberOf);
}

export function scoringJudgeSource(secret: GroupNode, numberOf: (index: number) => number): string {
  const json = JSON.stringify(tree(secret, numberOf));
  // A function as the replacement: `$&` and the like in the JSON stay as they are.
  return SCORING_JUDGE_TEMPLATE.replace(TEMPLATE_TREE_LINE, () => `TREE = json.loads(${JSON.stringify(json)})`);
}
