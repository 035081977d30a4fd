import { normalizeEmail, normalizePhone } from './contact.js';

describe('normalizePhone', () => {
  it.each([
    ['(615) 555-0142', '+16155550142'],
    ['615.555.0142', '+16155550142'],
    ['+1 615 555 0142', '+16155550142'],
    ['1-615-555-0142', '+16155550142'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('normalises %s to %s', (raw, e164) => {
    expect(normalizePhone(raw)).toBe(e164);
  });

  it.each(['', '   ', '555-0142', '123', 'not a phone', '+1 000 000 0000', undefined, null])('rejects %j', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });
});

describe('normalizeEmail', () => {
  it('trims a valid address and treats blank as none', () => {
    expect(normalizeEmail('  mary@example.com ')).toBe('mary@example.com');
    expect(normalizeEmail('')).toBeNull();
    expect(normalizeEmail(undefined)).toBeNull();
  });

  it.each(['mary', 'mary@', 'mary@example', 'two@@example.com', 'a b@example.com'])('rejects %s', (raw) => {
    expect(normalizeEmail(raw)).toBeUndefined();
  });
});
