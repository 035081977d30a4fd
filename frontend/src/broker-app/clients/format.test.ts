import { describe, expect, it } from 'vitest';

import { engagementColor, formatDate, formatPhone, initials } from './format.ts';

describe('client card formatting', () => {
  it.each([
    ['+16155550142', '(615) 555-0142'],
    ['+442071838750', '+442071838750'],
    ['6155550142', '6155550142'],
  ])('shows phone %s as %s', (phone, shown) => expect(formatPhone(phone)).toBe(shown));

  it.each([
    [100, 'success'],
    [70, 'success'],
    [69, 'warning'],
    [40, 'warning'],
    [39, 'error'],
    [0, 'error'],
  ] as const)('colours engagement %i as %s', (score, color) => expect(engagementColor(score)).toBe(color));

  it("formats dates as 'MMM dd, yyyy at h:mm a'", () => {
    expect(formatDate(new Date(2026, 10, 3, 15, 5).toISOString())).toBe('Nov 03, 2026 at 3:05 PM');
    expect(formatDate('not a date')).toBe('');
  });

  it('makes initials from the names', () => {
    expect(initials('margaret', 'Okafor')).toBe('MO');
    expect(initials(' ', ' ')).toBe('?');
  });
});
