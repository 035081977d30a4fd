import { supplyOf } from './supply.js';

const zone = 'America/Chicago';
const counted = new Date('2026-11-10T15:00:00Z'); // Nov 10, 9:00 in Chicago

describe('supplyOf', () => {
  it('counts down from the day the pills were counted', () => {
    // 60 pills, 2 a day: 30 days from Nov 10 → Dec 10; on Nov 24, 16 days left.
    expect(supplyOf(60, 2, counted, new Date('2026-11-24T18:00:00Z'), zone)).toEqual({
      daysLeft: 16,
      runsOutOn: '2026-12-10',
      refillSoon: false,
    });
  });

  it('warns at 7 days left and stops at 0', () => {
    expect(supplyOf(60, 2, counted, new Date('2026-12-03T18:00:00Z'), zone)).toMatchObject({ daysLeft: 7, refillSoon: true });
    expect(supplyOf(60, 2, counted, new Date('2026-12-20T18:00:00Z'), zone)).toMatchObject({ daysLeft: 0, refillSoon: true });
  });

  it('uses the client’s local day (late evening in Chicago is still that day)', () => {
    // Nov 25 03:00 UTC is Nov 24 21:00 in Chicago: still 16 days.
    expect(supplyOf(60, 2, counted, new Date('2026-11-25T03:00:00Z'), zone)?.daysLeft).toBe(16);
  });

  it('knows nothing without both numbers', () => {
    expect(supplyOf(null, 2, counted, counted, zone)).toBeUndefined();
    expect(supplyOf(30, null, counted, counted, zone)).toBeUndefined();
    expect(supplyOf(30, 1, null, counted, zone)).toBeUndefined();
  });
});
