/** The languages the product speaks to people: a client's preferred language drives their portal, texts, calls and e-mails. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language named in a tag such as `es-US`, `Spanish` or `es`, when it is one of ours. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const text = (tag ?? '').trim().toLowerCase();
  if (text === 'spanish' || text === 'español' || text === 'espanol') return 'es';
  if (text === 'english' || text === 'inglés' || text === 'ingles') return 'en';
  const base = text.split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}

/** The preferred language among an `Accept-Language` header's, by weight; undefined when none is ours. */
export function languageOfHeader(header: string | null | undefined): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, weight: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.weight) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  for (const entry of ranked) {
    const language = languageOf(entry.tag);
    if (language) return language;
  }
  return undefined;
}
