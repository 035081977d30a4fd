import { generalNormalizePhone, maskEmail, maskPhone, normalizeEmail, normalizePhone } from './contact.js';

describe('normalizePhone', () => {
  it.each([
    ['(615) 555-0142', '+16155550142'],
    ['615.555.0142', '+16155550142'],
    ['+1 615 555 0142', '+16155550142'],
    ['1-615-555-0142', '+16155550142'],
    ['+44 20 7946 0958', '+442079460958'],
    ['(204) 200-0001', '+12042000001'],
    ['+1 416 555 0199', '+14165550199'],
  ])('normalises %s to %s', (raw, e164) => {
    expect(normalizePhone(raw)).toBe(e164);
  });

  it.each(['', '   ', '555-0142', '123', 'not a phone', '+1 000 000 0000', undefined, null])('rejects %j', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });

  it('answers exactly what the general parser answers, for every area code in every usual shape', () => {
    const shapes = [
      (a: number, b: number, c: string) => `+1${a}${b}${c}`,
      (a: number, b: number, c: string) => `${a}${b}${c}`,
      (a: number, b: number, c: string) => `(${a}) ${b}-${c}`,
      (a: number, b: number, c: string) => `1-${a}-${b}-${c}`,
      (a: number, b: number, c: string) => `+1 ${a}.${b}.${c}`,
      (a: number, b: number, c: string) => `(${a}${b}-${c}`,
    ];
    const differences: string[] = [];
    let valid = 0;
    for (let area = 200; area <= 999; area++) {
      for (const [exchange, line] of [
        [200, '0001'],
        [555, '0142'],
        [911, '1212'],
        [958, '9999'],
      ] as const) {
        for (const shape of shapes) {
          const text = shape(area, exchange, line);
          const expected = generalNormalizePhone(text);
          if (expected) valid += 1;
          if (normalizePhone(text) !== expected) differences.push(`${text}: ${normalizePhone(text)} vs ${expected}`);
        }
      }
    }
    expect(differences).toEqual([]);
    // The sample holds both answers in number (US, Canadian and Caribbean numbers and invalid ones).
    expect(valid).toBeGreaterThan(1000);
    expect(valid).toBeLessThan(800 * 4 * shapes.length);
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

describe('masking contacts for records and notices', () => {
  it.each([
    ['+16155550142', '***-***-0142'],
    ['+442071838750', '***-***-8750'],
    ['12', '***'],
    [null, '***'],
  ])('shows only the last four digits of %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it.each([
    ['martha.jones@example.com', 'm***@example.com'],
    ['a@b.co', 'a***@b.co'],
    ['not-an-address', '***'],
    [null, ''],
  ])('hides the name of %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
