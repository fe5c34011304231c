// Kattis default output validator flags → the closest Sphere Engine built-in test case judge.
// Where no built-in judge does the same comparison, the one chosen and how it differs are said.
export interface JudgeChoice {
  judge: number;
  /** How the judge differs from what the package asked, when it does. */
  note?: string;
}

const TOLERANCE_FLAGS = new Set(['float_tolerance', 'float_absolute_tolerance', 'float_relative_tolerance']);

export function judgeForFlags(flags: string): JudgeChoice {
  const words = flags.trim().split(/\s+/).filter(Boolean);
  const notes: string[] = [];
  let tolerance: number | undefined;
  let caseSensitive = false;
  let spaceSensitive = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === 'case_sensitive') caseSensitive = true;
    else if (w === 'space_change_sensitive') spaceSensitive = true;
    else if (TOLERANCE_FLAGS.has(w)) {
      const t = Number(words[++i]);
      if (!Number.isFinite(t) || t < 0) return { judge: 1, note: `validator flag ${w} has no valid number: judge 1 (ignore extra whitespace) is used` };
      tolerance = tolerance === undefined ? t : Math.min(tolerance, t);
    } else notes.push(`the flag "${w}" has no Sphere Engine counterpart and is ignored`);
  }
  let judge: number;
  if (tolerance !== undefined) {
    judge = tolerance >= 1e-2 ? 2 : 3;
    const allowed = judge === 2 ? 1e-2 : 1e-6;
    if (tolerance > allowed) notes.push(`tolerance ${tolerance} is stricter with judge ${judge} (±${allowed})`);
    if (tolerance < allowed) notes.push(`tolerance ${tolerance} is looser with judge ${judge} (±${allowed}): no built-in judge is that strict`);
  } else if (spaceSensitive) {
    judge = 10;
    notes.push('space_change_sensitive: judge 10 compares byte for byte, which also rejects a missing final newline');
  } else {
    judge = 1;
  }
  if (!caseSensitive) notes.push('Kattis ignores letter case by default; Sphere Engine judges compare case');
  return { judge, ...(notes.length ? { note: notes.join('; ') } : {}) };
}

/** The Kattis flags that do what a Sphere Engine built-in judge does, or undefined when none do. */
export function flagsForJudge(judge: number): string | undefined {
  switch (judge) {
    case 1:
      return 'case_sensitive';
    case 2:
      return 'case_sensitive float_tolerance 1e-2';
    case 3:
      return 'case_sensitive float_tolerance 1e-6';
    case 10:
      return 'case_sensitive space_change_sensitive';
    default:
      return undefined;
  }
}
