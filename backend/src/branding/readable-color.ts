/**
 * Agency colours made safe to read (WCAG 2.1 AA: 4.5:1 for text). An agency may choose any colour;
 * wherever CareKeep draws text in it, or white text on it (buttons, links, e-mail links, the
 * portal), it uses the colour itself when it reads at 4.5:1 on white, else a darker shade of the
 * same hue that does. Pure, so the broker app, the portal and the server's e-mails use one rule.
 */

export const MIN_CONTRAST = 4.5;
export const DEFAULT_BRAND_COLOR = '#2563eb';
/**
 * The lightest tinted background the colour is drawn on (the apps' page grey #f8fafc, the e-mail's
 * #f1f5f9): 4.5:1 against it is 4.5:1 against white too.
 */
export const LIGHTEST_BACKGROUND = '#f1f5f9';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function rgb(hex: string): [number, number, number] {
  let digits = hex.trim().slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

export function isBrandHex(value: string | null | undefined): value is string {
  return typeof value === 'string' && HEX.test(value.trim());
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

/** Whether the colour reads at 4.5:1 as text on white and on the light backgrounds, and behind white text. */
export function readsOnLight(hex: string): boolean {
  return contrastRatio(hex, LIGHTEST_BACKGROUND) >= MIN_CONTRAST;
}

/**
 * The colour (as #rrggbb, lower case) darkened step by step until it reads (`readsOnLight`). A bad
 * or missing value gives `fallback` (the default blue).
 */
export function readableBrandColor(value: string | null | undefined, fallback = DEFAULT_BRAND_COLOR): string {
  let color = rgb(isBrandHex(value) ? value : fallback);
  for (let step = 0; step < 40 && !readsOnLight(toHex(color)); step++) {
    color = color.map((c) => c * 0.92) as [number, number, number];
  }
  return toHex(color);
}
