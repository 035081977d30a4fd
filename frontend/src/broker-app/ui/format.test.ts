import { afterEach, describe, expect, it } from 'vitest';

import { setBrokerLanguage } from '../i18n/current.ts';
import { loadBrokerCatalogue } from '../i18n/useBrokerTexts.ts';
import { billingNotice } from '../layout/BillingBanner.tsx';
import { formatDateTime, formatDay, formatMonthOf, relativeTime } from './format.ts';

const AT = new Date(2026, 10, 21, 15, 30);

describe('dates and times in the app’s language', () => {
  afterEach(() => setBrokerLanguage('en'));

  it('writes SPEC §9’s English format', () => {
    expect(formatDateTime(AT)).toBe('Nov 21, 2026 at 3:30 PM');
    expect(formatDay(AT)).toBe('Nov 21, 2026');
    expect(formatMonthOf(AT)).toBe('Nov 2026');
    expect(relativeTime(new Date(AT.getTime() - 3 * 3_600_000), AT, 'just now')).toBe('3 hours ago');
    expect(relativeTime(new Date(AT.getTime() - 20_000), AT, 'just now')).toBe('just now');
  });

  it('writes Spanish dates the way US Spanish speakers read them once Spanish is chosen', () => {
    setBrokerLanguage('es');
    expect(formatDateTime(AT)).toBe('21 nov 2026, 3:30 p. m.');
    expect(formatDay(AT)).toBe('21 nov 2026');
    expect(formatMonthOf(AT)).toBe('nov 2026');
    expect(relativeTime(new Date(AT.getTime() - 3 * 3_600_000), AT, 'hace un momento')).toBe('hace 3 horas');
    expect(formatDay('not a date')).toBe('not a date');
  });

  it('writes the subscription banner in Spanish, with the plan’s Spanish name and a Spanish date', async () => {
    const spanish = await loadBrokerCatalogue('es');
    setBrokerLanguage('es');
    const notice = billingNotice(
      { subscriptionStatus: 'trial', subscriptionTier: 'flat', trialEndsAt: '2026-11-24T18:00:00Z' },
      new Date('2026-11-21T12:00:00Z'),
      spanish,
    );
    expect(notice?.message).toMatch(/^Su prueba gratuita termina en 4 días \(24 nov 2026\)\. Su plan después de la prueba: /);
    expect(notice?.message).toContain(spanish.billing.BILLING_TEXTS.tierNames.flat);
  });
});
