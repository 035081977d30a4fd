import { describe, expect, it } from 'vitest';

/**
 * Each English texts module and its Spanish catalogue. A key in one and not the other, an array of
 * another length, a function where the other has words, or an empty translation fails here (the
 * `Translation` type already refuses most of these at build time; this also catches array lengths,
 * functions of other arity and texts left empty).
 */
const PAIRS: [string, () => Promise<Record<string, unknown>>, () => Promise<Record<string, unknown>>][] = [
  ['portal: landing', () => import('../portal/landingTexts.ts'), () => import('./es/portal.ts')],
  ['portal: sign-in', () => import('../portal/client/loginTexts.ts'), () => import('./es/portal.ts')],
  ['portal: registration', () => import('../portal/client/registerTexts.ts'), () => import('./es/portal.ts')],
  ['portal: password reset', () => import('../portal/client/resetTexts.ts'), () => import('./es/portal-reset.ts')],
  ['portal: portal', () => import('../portal/client/portalTexts.ts'), () => import('./es/portal.ts')],
  ['portal: care', () => import('../portal/client/careTexts.ts'), () => import('./es/portal.ts')],
  ['portal: guide', () => import('../portal/client/helpTexts.ts'), () => import('./es/portal-help.ts')],
  ['portal: tour', () => import('../portal/tour/clientSteps.ts'), () => import('./es/portal-tour.ts')],
  ['portal: account suspended', () => import('../portal/suspendedTexts.ts'), () => import('./es/account-suspended.ts')],
  ['tours: buttons', () => import('../shared/tourOptions.ts'), () => import('./es/portal-tour.ts')],
  ['clients', () => import('../broker-app/clients/texts.ts'), () => import('./es/clients.ts')],
  ['client page', () => import('../broker-app/clients/pageTexts.ts'), () => import('./es/client-page.ts')],
  ['campaigns', () => import('../broker-app/campaigns/texts.ts'), () => import('./es/campaigns.ts')],
  ['reminders', () => import('../broker-app/reminders/texts.ts'), () => import('./es/reminders.ts')],
  ['compliance', () => import('../broker-app/compliance/texts.ts'), () => import('./es/compliance.ts')],
  ['outbox', () => import('../broker-app/outbox/texts.ts'), () => import('./es/outbox.ts')],
  ['resources', () => import('../broker-app/resources/texts.ts'), () => import('./es/resources.ts')],
  ['settings', () => import('../broker-app/settings/texts.ts'), () => import('./es/settings.ts')],
  ['dashboard', () => import('../broker-app/dashboard/texts.ts'), () => import('./es/dashboard.ts')],
  ['portal preview', () => import('../broker-app/portal-preview/texts.ts'), () => import('./es/portal-preview.ts')],
  ['billing', () => import('../broker-app/billing/texts.ts'), () => import('./es/billing.ts')],
  ['branding', () => import('../broker-app/branding/texts.ts'), () => import('./es/branding.ts')],
  ['help', () => import('../broker-app/help/texts.ts'), () => import('./es/broker-help.ts')],
  ['admin: brokers', () => import('../broker-app/backoffice/brokers/texts.ts'), () => import('./es/admin-brokers.ts')],
  ['admin: dashboard', () => import('../broker-app/backoffice/dashboard/texts.ts'), () => import('./es/admin-dashboard.ts')],
  ['admin: resources', () => import('../broker-app/backoffice/resources/texts.ts'), () => import('./es/admin-resources.ts')],
  ['admin: platform admins', () => import('../broker-app/backoffice/admins/texts.ts'), () => import('./es/admin-admins.ts')],
  ['admin: audit log', () => import('../broker-app/backoffice/audit/texts.ts'), () => import('./es/admin-audit.ts')],
  ['shell', () => import('../broker-app/layout/texts.ts'), () => import('./es/shell.ts')],
  ['broker tour', () => import('../broker-app/tour/texts.ts'), () => import('./es/broker-tour.ts')],
  ['admin: help', () => import('../broker-app/backoffice/help/texts.ts'), () => import('./es/admin-help.ts')],
  ['api access', () => import('../broker-app/api-access/texts.ts'), () => import('./es/api-access.ts')],
  ['activity log', () => import('../broker-app/activity-log/texts.ts'), () => import('./es/activity-log.ts')],
  ['commissions', () => import('../broker-app/commissions/texts.ts'), () => import('./es/commissions.ts')],
];

/** English exports that hold no words (numbers, ids, orders, sample names): nothing to translate. */
const NOT_TEXT =
  /^(?:[A-Z_]*(?:MAX|MIN|MS|DEFAULT|BYTES|ACCEPT|FLAG|PATH|URL|SEGMENT|ORDER|LIMITS|FACTOR|PRESETS|IDS|LENGTH|RETENTION)|SAMPLE_CLIENT|LIMITS|TOUR_OPTIONS|LANGUAGE_NAMES|endsTour)$/;

/** Where two values differ in shape, as paths ('features[2].title: missing'). */
export function shapeDifferences(en: unknown, es: unknown, path = ''): string[] {
  if (typeof en === 'function') {
    if (typeof es !== 'function') return [`${path}: a function in English, not in Spanish`];
    return en.length === es.length ? [] : [`${path}: takes ${en.length} arguments in English, ${es.length} in Spanish`];
  }
  if (typeof en === 'string') {
    if (typeof es !== 'string') return [`${path}: words in English, not in Spanish`];
    return en.trim() && !es.trim() ? [`${path}: empty in Spanish`] : [];
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(es)) return [`${path}: a list in English, not in Spanish`];
    if (en.length !== es.length) return [`${path}: ${en.length} items in English, ${es.length} in Spanish`];
    return en.flatMap((item, i) => shapeDifferences(item, es[i], `${path}[${i}]`));
  }
  if (en && typeof en === 'object') {
    if (!es || typeof es !== 'object') return [`${path}: an object in English, not in Spanish`];
    const keys = new Set([...Object.keys(en), ...Object.keys(es)]);
    return [...keys].flatMap((key) => {
      const where = path ? `${path}.${key}` : key;
      if (!(key in es)) return [`${where}: missing in Spanish`];
      if (!(key in en)) return [`${where}: only in Spanish`];
      return shapeDifferences((en as Record<string, unknown>)[key], (es as Record<string, unknown>)[key], where);
    });
  }
  return [];
}

describe('the Spanish catalogues have every English key, and nothing else', () => {
  it('tells a missing key, an extra key, a list of another length and a function of other arity', () => {
    expect(shapeDifferences({ a: 'x', b: ['1', '2'], f: (n: number) => `${n}` }, { a: 'y', b: ['1'], f: () => '', c: 'z' })).toEqual([
      'b: 2 items in English, 1 in Spanish',
      'f: takes 1 arguments in English, 0 in Spanish',
      'c: only in Spanish',
    ]);
    expect(shapeDifferences({ a: { b: 'x' } }, { a: {} })).toEqual(['a.b: missing in Spanish']);
  });

  it.each(PAIRS)('%s', async (_name, loadEnglish, loadSpanish) => {
    const [en, es] = await Promise.all([loadEnglish(), loadSpanish()]);
    const problems = Object.entries(en)
      .filter(([name, value]) => !NOT_TEXT.test(name) && typeof value !== 'number' && !(typeof value === 'string' && !/\s/.test(value)))
      .flatMap(([name, value]) => (name in es ? shapeDifferences(value, es[name], name) : [`${name}: no Spanish export`]));
    expect(problems).toEqual([]);
  });
});

/** Words that are English and never Spanish: one of them in a Spanish text is a leftover. */
const ENGLISH_ONLY =
  /\b(?:the|your|you|and|with|please|welcome|flat|plan flat|click|save|cancel|delete|reminder|reminders|campaign|settings)\b/i;

/** Keys whose values are ids, selectors or paths, not words. */
const NOT_WORDS = new Set(['id', 'target', 'to', 'href', 'path', 'key']);

/** Every text of a catalogue (functions are called with sample arguments of their arity). */
function textsOf(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (typeof value === 'function') {
    try {
      const text = (value as (...args: unknown[]) => unknown)(...Array.from({ length: value.length }, () => 2));
      return textsOf(text, `${path}()`);
    } catch {
      return [];
    }
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => textsOf(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([key]) => !NOT_WORDS.has(key))
      .flatMap(([key, item]) => textsOf(item, path ? `${path}.${key}` : key));
  }
  return [];
}

describe('the Spanish catalogues have no English left in them', () => {
  it('finds an English word in a Spanish text (the check itself works)', () => {
    expect(
      textsOf({ a: 'Plan Flat', b: (n: number) => `${n} días`, c: ['Guardar'] }).filter(({ text }) => ENGLISH_ONLY.test(text)),
    ).toEqual([{ path: 'a', text: 'Plan Flat' }]);
  });

  it.each(PAIRS)('%s', async (_name, _loadEnglish, loadSpanish) => {
    const es = await loadSpanish();
    const leftovers = Object.entries(es)
      .filter(([name]) => !NOT_TEXT.test(name))
      .flatMap(([name, value]) => textsOf(value, name))
      .filter(({ text }) => ENGLISH_ONLY.test(text.replace(/https?:\/\/\S+/g, '')));
    expect(leftovers).toEqual([]);
  });
});
