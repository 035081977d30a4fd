import { contrastRatio, readableBrandColor } from './readable-color.js';

describe('agency colours that read on white', () => {
  it('keeps a colour that already reads at 4.5:1, in six lower-case digits', () => {
    expect(readableBrandColor('#2563EB')).toBe('#2563eb');
    expect(readableBrandColor('#0f766e')).toBe('#0f766e');
    expect(readableBrandColor(' #26e ')).toBe('#2266ee');
  });

  it('darkens a pale colour (yellow, light green) until it reads at 4.5:1, keeping its hue', () => {
    for (const pale of ['#fde047', '#86efac', '#ffffff', '#10b981']) {
      const shade = readableBrandColor(pale);
      expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(pale, '#ffffff')).toBeLessThan(4.5);
    }
    // Yellow stays a (dark) yellow: red and green above blue, as in the colour chosen.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(readableBrandColor('#fde047').slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(b);
  });

  it('falls back to the product blue for a missing or broken value', () => {
    expect(readableBrandColor(null)).toBe('#2563eb');
    expect(readableBrandColor('javascript:alert(1)')).toBe('#2563eb');
    expect(readableBrandColor(undefined, '#10b981')).toBe(readableBrandColor('#10b981'));
  });
});
