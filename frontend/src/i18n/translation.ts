/**
 * The shape another language's catalogue must have: every key of the English one, strings for
 * strings, functions with the same parameters for functions, arrays and nested objects alike.
 * English catalogues are written `as const`; this widens their literal types so a translation
 * type-checks with its own words and fails when a key is missing or extra.
 */
export type Translation<T> = T extends (...args: infer A) => infer R
  ? (...args: A) => Translation<R>
  : T extends string
    ? string
    : T extends readonly (infer E)[]
      ? readonly Translation<E>[]
      : T extends object
        ? { readonly [K in keyof T]: Translation<T[K]> }
        : T;

/** The languages of the product. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language named in a tag such as `es-US` or `en`, when it is one of ours. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}
