/** Agency colours made safe to read: SPEC §9 defaults and WCAG 2.1 AA contrast (4.5:1). */
export const DEFAULT_AGENCY_NAME = 'Your Healthcare Team';
export const DEFAULT_PRIMARY = '#2563eb';
export const MIN_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function rgb(hex: string): [number, number, number] {
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The agency's colour, darkened step by step until white text on it (and it as text on white)
 * reads at 4.5:1 or better. A bad or missing value gives the default blue.
 */
export function readableBrandColor(value: string | null | undefined): string {
  const start = value && HEX.test(value.trim()) ? value.trim().toLowerCase() : DEFAULT_PRIMARY;
  let color = rgb(start.length === 4 ? toHex(rgb(start)) : start);
  for (let step = 0; step < 40 && contrastRatio(toHex(color), '#ffffff') < MIN_CONTRAST; step++) {
    color = color.map((c) => c * 0.92) as [number, number, number];
  }
  return toHex(color);
}
