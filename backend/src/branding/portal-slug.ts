/** How long a slug may be before its collision suffix: short enough to read out over the phone. */
export const SLUG_MAX_LENGTH = 40;
/** What a slug in an address may look like; anything else is not an agency. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/**
 * The readable part of an agency's branded link, from its name: lower-case ASCII letters and
 * digits in words joined by hyphens ("Sunrise Benefits, LLC" → "sunrise-benefits-llc",
 * "Seguros Peña" → "seguros-pena"). Answers `fallback` when the name has no letter or digit.
 */
export function slugOf(name: string, fallback = 'agency'): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX_LENGTH) break;
    slug = next;
  }
  // A first word longer than the limit is cut rather than dropped.
  if (!slug && words.length) slug = words[0].slice(0, SLUG_MAX_LENGTH);
  return slug || fallback;
}

/** The n-th candidate for a slug: the slug itself, then `slug-2`, `slug-3`… */
export function slugCandidate(slug: string, n: number): string {
  return n <= 1 ? slug : `${slug}-${n}`;
}
