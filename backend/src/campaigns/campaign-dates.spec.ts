import type { CampaignTrigger } from './campaign.entity.js';
import { type ClientFacts, dayOfYear, daysBetween, localDate, occurrenceOn, wallTime } from './campaign-dates.js';

const facts = (fields: Partial<ClientFacts> = {}): ClientFacts => ({
  dateOfBirth: null,
  planType: null,
  planEffectiveDate: null,
  state: null,
  ...fields,
});

describe('dayOfYear', () => {
  it.each([
    [2027, 2, 29, '2027-02-28'],
    [2028, 2, 29, '2028-02-29'],
    [2027, 12, 31, '2027-12-31'],
    [2027, 1, 2, '2027-01-02'],
  ])('%i-%i-%i is %s', (year, month, day, expected) => {
    expect(dayOfYear(year, month, day)).toBe(expected);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2027-03-10', '2027-04-09', 30],
    ['2027-12-25', '2028-01-02', 8],
    ['2027-03-10', '2027-03-10', 0],
    ['2027-03-10', '2027-03-09', -1],
  ])('%s → %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe('occurrenceOn', () => {
  const t65: CampaignTrigger = { kind: 'turning_65', daysBefore: 30 };
  it.each<[string, CampaignTrigger, Partial<ClientFacts>, string, string | undefined]>([
    ['65th birthday 30 days ahead', t65, { dateOfBirth: '1962-04-09' }, '2027-03-10', '2027-04-09'],
    ['65th birthday today', t65, { dateOfBirth: '1962-03-10' }, '2027-03-10', '2027-03-10'],
    ['65th birthday 31 days ahead', t65, { dateOfBirth: '1962-04-10' }, '2027-03-10', undefined],
    ['65th birthday yesterday (never late)', t65, { dateOfBirth: '1962-03-09' }, '2027-03-10', undefined],
    ['turning 65 in 90 days', t65, { dateOfBirth: '1962-06-08' }, '2027-03-10', undefined],
    ['turning 70', t65, { dateOfBirth: '1957-04-09' }, '2027-03-10', undefined],
    ['no date of birth', t65, {}, '2027-03-10', undefined],
    ['born Feb 29, 65 in a common year', { kind: 'turning_65', daysBefore: 0 }, { dateOfBirth: '1964-02-29' }, '2029-02-28', '2029-02-28'],
    ['birthday today', { kind: 'birthday', daysBefore: 0 }, { dateOfBirth: '1950-03-10' }, '2027-03-10', '2027-03-10'],
    ['birthday across the new year', { kind: 'birthday', daysBefore: 10 }, { dateOfBirth: '1950-01-03' }, '2027-12-28', '2028-01-03'],
    ['Feb 29 birthday in a common year', { kind: 'birthday', daysBefore: 0 }, { dateOfBirth: '1952-02-29' }, '2027-02-28', '2027-02-28'],
    [
      'birthday rule: Medigap in California',
      { kind: 'birthday_rule', daysBefore: 5 },
      { dateOfBirth: '1950-03-12', planType: 'medigap', state: 'CA' },
      '2027-03-10',
      '2027-03-12',
    ],
    [
      'birthday rule: Medigap in Florida',
      { kind: 'birthday_rule', daysBefore: 5 },
      { dateOfBirth: '1950-03-12', planType: 'medigap', state: 'FL' },
      '2027-03-10',
      undefined,
    ],
    [
      'birthday rule: Advantage in California',
      { kind: 'birthday_rule', daysBefore: 5 },
      { dateOfBirth: '1950-03-12', planType: 'medicare_advantage', state: 'CA' },
      '2027-03-10',
      undefined,
    ],
    ['plan anniversary', { kind: 'plan_anniversary', daysBefore: 7 }, { planEffectiveDate: '2025-03-15' }, '2027-03-10', '2027-03-15'],
    [
      'plan anniversary not in its first year',
      { kind: 'plan_anniversary', daysBefore: 7 },
      { planEffectiveDate: '2027-03-15' },
      '2027-03-10',
      undefined,
    ],
    ['AEP start on the day', { kind: 'medicare_date', date: 'aep_start' }, {}, '2027-10-15', '2027-10-15'],
    ['AEP start the day before', { kind: 'medicare_date', date: 'aep_start' }, {}, '2027-10-14', undefined],
    ['OEP start', { kind: 'medicare_date', date: 'oep_start' }, {}, '2028-01-02', '2028-01-02'],
    ['ANOC review', { kind: 'medicare_date', date: 'anoc_review' }, {}, '2027-09-30', '2027-09-30'],
  ])('%s', (_name, trigger, given, today, expected) => {
    expect(occurrenceOn(trigger, facts(given), today)).toBe(expected);
  });
});

describe('wallTime', () => {
  it.each([
    ['2027-03-10', '09:00', 'America/New_York', '2027-03-10T14:00:00.000Z'],
    ['2027-03-10', '09:00', 'America/Los_Angeles', '2027-03-10T17:00:00.000Z'],
    // After the spring change: New York is UTC−4.
    ['2027-03-15', '09:00', 'America/New_York', '2027-03-15T13:00:00.000Z'],
    ['2027-07-01', '08:30', 'Pacific/Honolulu', '2027-07-01T18:30:00.000Z'],
    ['2027-07-01', '08:30', 'Pacific/Guam', '2027-06-30T22:30:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, iso) => {
    expect(wallTime(date, time, zone).toISOString()).toBe(iso);
  });

  it('gives the local date in a zone', () => {
    expect(localDate(new Date('2027-03-10T03:00:00Z'), 'America/Los_Angeles')).toBe('2027-03-09');
    expect(localDate(new Date('2027-03-10T03:00:00Z'), 'America/New_York')).toBe('2027-03-09');
    expect(localDate(new Date('2027-03-10T06:00:00Z'), 'America/New_York')).toBe('2027-03-10');
  });
});
