/** Agency colours made safe to read: SPEC §9 defaults and WCAG 2.1 AA contrast (4.5:1), by the server's own rule. */
export { contrastRatio, luminance, MIN_CONTRAST, readableBrandColor } from '../../../backend/src/branding/readable-color.ts';
export const DEFAULT_AGENCY_NAME = 'Your Healthcare Team';
export const DEFAULT_PRIMARY = '#2563eb';
