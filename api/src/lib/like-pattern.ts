/** A LIKE/ILIKE pattern that matches `term` literally anywhere (its `%`, `_` and `\\` are escaped). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
