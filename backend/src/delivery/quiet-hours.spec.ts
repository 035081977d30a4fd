import { outsideQuietHours } from './quiet-hours.js';

describe('outsideQuietHours', () => {
  it.each([
    ['2026-06-10T12:00:00Z', 'America/New_York', '2026-06-10T12:00:00.000Z'], // 08:00 EDT: allowed
    ['2026-06-11T00:59:00Z', 'America/New_York', '2026-06-11T00:59:00.000Z'], // 20:59: allowed
    ['2026-06-11T01:00:00Z', 'America/New_York', '2026-06-11T12:00:00.000Z'], // 21:00: next 08:00
    ['2026-06-10T09:30:00Z', 'America/New_York', '2026-06-10T12:00:00.000Z'], // 05:30: 08:00 same day
    ['2026-06-10T14:00:00Z', 'America/Los_Angeles', '2026-06-10T15:00:00.000Z'], // 07:00 PDT: 08:00
    ['2026-12-10T04:00:00Z', 'America/Chicago', '2026-12-10T14:00:00.000Z'], // 22:00 CST: 08:00 next day
  ])('%s in %s goes out at %s', (at, zone, expected) => {
    expect(outsideQuietHours(new Date(at), zone).toISOString()).toBe(expected);
  });
});
