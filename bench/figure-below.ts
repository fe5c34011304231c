// One home for the commonest figure of the benches: a measurement whose goal is to stay below a
// limit in its own unit (`< 300 MB`), met when it does.
import type { Figure } from './types';

export function figureBelow(name: string, value: number, unit: string, limit: number, note?: string): Figure {
  return { name, value, unit, goal: `< ${limit} ${unit}`, ok: value < limit, ...(note === undefined ? {} : { note }) };
}
