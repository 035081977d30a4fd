import { aepCallDue, reviewCallYear, sixtyFifthBirthday, turning65Day, welcomeCallDay } from './task-dates.js';

describe('task dates', () => {
  it.each([
    ['2026-06-10T15:00:00Z', '2026-10-14T14:00:00.000Z'],
    ['2026-10-14T15:00:00Z', '2026-10-14T14:00:00.000Z'],
    ['2026-10-15T15:00:00Z', '2026-10-17T14:00:00.000Z'],
    ['2026-12-07T15:00:00Z', '2026-12-09T15:00:00.000Z'],
    ['2026-12-08T15:00:00Z', '2027-10-14T14:00:00.000Z'],
  ])('a Call before AEP task made at %s (New York) is due at %s', (now, due) => {
    expect(aepCallDue(new Date(now), 'America/New_York').toISOString()).toBe(due);
  });

  it.each([
    ['2026-10-24', null],
    ['2026-10-25', 2026],
    ['2026-12-07', 2026],
    ['2026-12-08', null],
  ])('the review call is open on %s: %s', (today, year) => {
    expect(reviewCallYear(today)).toBe(year);
  });

  it('dates a welcome call a week before the effective date, never before today', () => {
    expect(welcomeCallDay('2026-11-29', '2027-01-01')).toBe('2026-12-25');
    expect(welcomeCallDay('2026-12-28', '2027-01-01')).toBe('2026-12-28');
  });

  it('finds the 65th birthday (a leap day becomes March 1) and dates the call two months before', () => {
    expect(sixtyFifthBirthday('1962-01-20')).toBe('2027-01-20');
    expect(sixtyFifthBirthday('1960-02-29')).toBe('2025-03-01');
    expect(turning65Day('2026-11-29', '2027-02-20')).toBe('2026-12-22');
    expect(turning65Day('2026-12-29', '2027-02-20')).toBe('2026-12-29');
  });
});
