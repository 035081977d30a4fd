import { describe, expect, it } from 'vitest';

import { dollars, premiumCents } from './policies.ts';

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
