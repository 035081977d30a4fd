/** Escapes LIKE / ILIKE wildcards so user text matches literally (PostgreSQL's default escape is \). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}
