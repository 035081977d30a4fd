import { describe, expect, it } from 'vitest';

import { dollars, planIdTyped, premiumCents } from './policies.ts';

describe('premiumCents', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['0', 0],
    ['25', 2500],
    ['25.5', 2550],
    ['25.50', 2550],
    ['25.', 2500],
    ['$1,200.05', 120005],
    [' 174.70 ', 17470],
  ])('reads %j as %j cents', (typed, cents) => expect(premiumCents(typed)).toBe(cents));

  it.each(['-5', '25.555', 'abc', '1e3', '.5', '25,50.1.2'])('refuses %j', (typed) => expect(premiumCents(typed)).toBeUndefined());
});

describe('dollars', () => {
  it.each([
    [0, '$0.00'],
    [2550, '$25.50'],
    [120005, '$1,200.05'],
  ])('writes %j cents as %j', (cents, text) => expect(dollars(cents)).toBe(text));
});

describe('planIdTyped', () => {
  it.each(['H1234-001-000', 'h1234-001', 'S5678 012', 'E9999001000', ' R0001-100-001 '])('takes %j', (typed) =>
    expect(planIdTyped(typed)).toBe(true),
  );
  it.each(['H123-001', 'X1234-001-000', 'H1234-01', 'plan G', 'H1234-001-0000'])('refuses %j', (typed) =>
    expect(planIdTyped(typed)).toBe(false),
  );
});
