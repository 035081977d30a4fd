import { createTheme, decomposeColor, hslToRgb, type Theme } from '@mui/material/styles';

import { readableBrandColor, readsOnLight } from '../../../../backend/src/branding/readable-color.ts';

export const DEFAULT_PRIMARY = '#2563eb';
export const DEFAULT_SECONDARY = '#10b981';
export const DEFAULT_PRODUCT_NAME = 'CareKeep';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && HEX.test(value.trim());
}

/** '#2563eb' or '#26e' → { h, s, l } with h in degrees and s, l in percent (rounded). */
export function hexToHsl(hex: string): { h: number; s: number; l: number } {
  let digits = hex.trim().slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  let h = 0;
  let s = 0;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
  }
  return { h: Math.round(h), s: Math.round(s * 100), l: Math.round(l * 100) };
}

/** A CSS hsl() colour for a hex colour, or for the fallback when the value is not a hex colour. */
export function hslColor(value: string | null | undefined, fallback: string): string {
  const { h, s, l } = hexToHsl(isHexColor(value) ? value : fallback);
  return `hsl(${h}, ${s}%, ${l}%)`;
}

export interface BrandColors {
  primaryColor?: string | null;
  secondaryColor?: string | null;
}

/** An hsl() colour's red, green and blue (0–255), as MUI reads it. */
function rgbOf(hsl: string): { r: number; g: number; b: number } {
  const [r, g, b] = decomposeColor(hslToRgb(hsl)).values;
  return { r: Math.round(r), g: Math.round(g), b: Math.round(b) };
}

/** The primary colour as hsl(), unless rounding it to whole percentages takes it under 4.5:1 (then as hex). */
function readablePrimary(value: string | null | undefined): string {
  const readable = readableBrandColor(value, DEFAULT_PRIMARY);
  const hsl = hslColor(readable, DEFAULT_PRIMARY);
  const { r, g, b } = rgbOf(hsl);
  return readsOnLight(`#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`) ? hsl : readable;
}

/**
 * The MUI theme with the agency's colours as primary and secondary (defaults #2563eb / #10b981).
 * The primary colour colours text on white (links, outlined and text buttons, the selected menu
 * item) and carries white text: a pale one (yellow, 1.3:1) becomes a darker shade of itself that
 * reads at 4.5:1, as the portal and the e-mails draw it. The secondary one marks and fills only.
 */
export function buildTheme(colors: BrandColors = {}): Theme {
  return createTheme({
    palette: {
      primary: { main: readablePrimary(colors.primaryColor) },
      secondary: { main: hslColor(colors.secondaryColor, DEFAULT_SECONDARY) },
      // MUI's default light blue carries white text at 3.9:1; this one reaches WCAG AA (5.9:1).
      info: { main: '#0369a1' },
      background: { default: '#f8fafc' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.875rem', fontWeight: 700 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
      MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // A dialog whose title, content and actions sit in a <form> keeps the dialog's own layout: the
      // content scrolls between a fixed title and actions, so a toast placed after the form (see
      // AppNotification) stays in view at the dialog's foot instead of below its visible part.
      MuiDialog: {
        styleOverrides: { paper: { '& > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } } },
      },
    },
  });
}
