import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';

import { buildTheme, hexToHsl, hslColor, isHexColor } from './theme.ts';

describe('brand colours', () => {
  it.each([
    ['#2563eb', { h: 221, s: 83, l: 53 }],
    ['#10b981', { h: 160, s: 84, l: 39 }],
    ['#fff', { h: 0, s: 0, l: 100 }],
    ['#000000', { h: 0, s: 0, l: 0 }],
    ['#f00', { h: 0, s: 100, l: 50 }],
  ])('%s is %o in HSL', (hex, hsl) => {
    expect(hexToHsl(hex)).toEqual(hsl);
  });

  it('accepts 3- and 7-character hex colours only', () => {
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('#7c3aed')).toBe(true);
    expect(isHexColor('7c3aed')).toBe(false);
    expect(isHexColor('#7c3aedff')).toBe(false);
    expect(isHexColor(null)).toBe(false);
  });

  it('falls back to the default colour for a missing or bad value', () => {
    expect(hslColor(null, '#2563eb')).toBe('hsl(221, 83%, 53%)');
    expect(hslColor('blue', '#2563eb')).toBe('hsl(221, 83%, 53%)');
  });

  it('puts the agency colours into the theme, defaults #2563eb and #10b981', () => {
    const defaults = buildTheme();
    expect(defaults.palette.primary.main).toBe('hsl(221, 83%, 53%)');
    expect(defaults.palette.secondary.main).toBe('hsl(160, 84%, 39%)');
    expect(buildTheme({ primaryColor: '#7c3aed' }).palette.primary.main).toBe('hsl(262, 83%, 58%)');
  });

  it('draws a pale agency colour (yellow) as a darker shade of it, so buttons and links read at 4.5:1 on white', () => {
    const yellow = buildTheme({ primaryColor: '#fde047' }).palette.primary;
    expect(getContrastRatio('#fde047', '#ffffff')).toBeLessThan(1.5);
    expect(getContrastRatio(yellow.main, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(yellow.contrastText, yellow.main)).toBeGreaterThanOrEqual(4.5);
    // Still the agency's hue (a yellow), not the default blue.
    expect(hexToHsl('#fde047').h - Number(/hsl\((\d+)/.exec(yellow.main)![1])).toBeLessThanOrEqual(3);
  });
});
