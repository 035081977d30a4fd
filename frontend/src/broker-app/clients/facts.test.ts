import { describe, expect, it } from 'vitest';

import { ageOn, dateOfBirthProblem, isRealDay, planEffectiveDateProblem, sixtyFifthBirthdaySoon } from './facts.ts';

const NOW = new Date('2026-11-26T15:00:00');
const T = {
  dateInvalid: 'invalid',
  dateOfBirthFuture: 'future',
  dateOfBirthTooEarly: 'early',
  planEffectiveDateRange: 'range',
};

describe('client facts', () => {
  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['26-01-01', false],
    ['', false],
  ])('%s is a real day: %s', (value, real) => expect(isRealDay(value)).toBe(real));

  it.each([
    [null, undefined],
    ['', undefined],
    ['1961-03-03', undefined],
    ['2026-11-26', undefined],
    ['2026-11-27', 'future'],
    ['1899-12-31', 'early'],
    ['1961-02-30', 'invalid'],
  ])('date of birth %s → %s', (value, problem) => expect(dateOfBirthProblem(value, T, NOW)).toBe(problem));

  it.each([
    [null, undefined],
    ['2027-01-01', undefined],
    ['2027-11-26', undefined],
    ['2027-11-27', 'range'],
    ['1965-06-30', 'range'],
    ['1965-07-01', undefined],
  ])('plan effective date %s → %s', (value, problem) => expect(planEffectiveDateProblem(value, T, NOW)).toBe(problem));

  it('tells the age and the 65th birthday when it is within a year', () => {
    expect(ageOn('1962-03-03', NOW)).toBe(64);
    expect(ageOn('1961-11-26', NOW)).toBe(65);
    expect(sixtyFifthBirthdaySoon('1962-03-03', NOW)).toBe('2027-03-03');
    expect(sixtyFifthBirthdaySoon('1962-12-01', NOW)).toBeNull();
    expect(sixtyFifthBirthdaySoon('1962-11-26', NOW)).toBe('2027-11-26');
    expect(sixtyFifthBirthdaySoon('1961-11-26', NOW)).toBeNull();
    expect(sixtyFifthBirthdaySoon('1950-01-01', NOW)).toBeNull();
  });
});
