import { csvDateOf, dateOfBirthProblem, planEffectiveDateProblem, planTypeOf } from './client-facts.js';

const NOW = new Date('2026-02-28T23:30:00Z');

describe('client facts', () => {
  it.each([
    ['1958-04-23', undefined],
    ['2026-02-28', undefined],
    ['1900-01-01', undefined],
    ['2026-03-01', 'dateOfBirth must be between 1900-01-01 and today'],
    ['1899-12-31', 'dateOfBirth must be between 1900-01-01 and today'],
    ['2026-02-30', 'dateOfBirth must be a real date such as 1958-04-23'],
    ['1958-4-23', 'dateOfBirth must be a real date such as 1958-04-23'],
    [19580423, 'dateOfBirth must be a real date such as 1958-04-23'],
  ])('date of birth %j: %s', (value, problem) => {
    expect(dateOfBirthProblem(value, NOW)).toBe(problem);
  });

  it.each([
    ['1965-07-01', undefined],
    ['2027-02-28', undefined],
    ['2027-03-01', 'planEffectiveDate must be between 1965-07-01 and a year from today'],
    ['1965-06-30', 'planEffectiveDate must be between 1965-07-01 and a year from today'],
    ['2026-13-01', 'planEffectiveDate must be a real date such as 2026-01-01'],
  ])('plan effective date %j: %s', (value, problem) => {
    expect(planEffectiveDateProblem(value, NOW)).toBe(problem);
  });

  it('allows a plan effective date a year from 29 February', () => {
    expect(planEffectiveDateProblem('2029-02-28', new Date('2028-02-29T12:00:00Z'))).toBeUndefined();
    expect(planEffectiveDateProblem('2029-03-01', new Date('2028-02-29T12:00:00Z'))).toBeDefined();
  });

  it.each([
    ['Medicare Advantage', 'medicare_advantage'],
    [' ma ', 'medicare_advantage'],
    ['Part  D', 'part_d'],
    ['PDP', 'part_d'],
    ['medigap', 'medigap'],
    ['Medicare Supplement', 'medigap'],
    ['OTHER', 'other'],
    ['medicare_advantage', 'medicare_advantage'],
    ['PPO', undefined],
    ['Part C', undefined],
  ])('plan type %j is %s', (text, planType) => {
    expect(planTypeOf(text)).toBe(planType);
  });

  it.each([
    ['1958-04-23', '1958-04-23'],
    ['4/3/1958', '1958-04-03'],
    ['04/03/1958', '1958-04-03'],
    ['2/29/1960', '1960-02-29'],
    ['2/29/1961', undefined],
    ['13/1/1958', undefined],
    ['1958/04/23', undefined],
    ['3 April 1958', undefined],
  ])('CSV date %j is %s', (text, day) => {
    expect(csvDateOf(text)).toBe(day);
  });
});
