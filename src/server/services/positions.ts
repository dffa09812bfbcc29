/**
 * Ordering of staff-managed lists (threads, questions, tags, forum categories): an item moved to a
 * place, the others closing up, positions kept 1..n.
 */

/** The place of an item moved to `position` (1-based) in a list of `count`: within 1..count. */
export function clampPlace(position: number, count: number) {
  return Math.min(Math.max(1, position), Math.max(1, count));
}

/** `ids` in a new order: `id` taken out and put at `place` (1-based). */
export function reordered(ids: string[], id: string, place: number): string[] {
  const rest = ids.filter((other) => other !== id);
  rest.splice(place - 1, 0, id);
  return rest;
}

/** Gives the rows of `order` the positions 1..n, writing only the rows whose position changes. */
export async function writePositions(
  rows: { id: string; position: number }[],
  order: string[],
  write: (id: string, position: number) => Promise<unknown>,
) {
  const current = new Map(rows.map((row) => [row.id, row.position]));
  for (const [index, id] of order.entries()) {
    if (current.get(id) !== index + 1) await write(id, index + 1);
  }
}
