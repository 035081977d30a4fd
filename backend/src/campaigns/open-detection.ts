/** User agents of mail scanners, link checkers and privacy proxies that fetch images without a person. */
const MACHINE_AGENTS =
  /bot|crawler|spider|scanner|preview|proofpoint|mimecast|barracuda|symantec|forcepoint|safelinks|urldefense|microsoft office|curl|wget|python|go-http-client|java\/|okhttp|headless|httpclient/i;

/** How soon after delivery an open is too soon to be a person reading (prefetch on arrival). */
export const PREFETCH_WINDOW_MS = 10_000;

/**
 * Whether an open-pixel fetch looks automated: a known scanner, an empty user agent, Apple Mail
 * Privacy Protection's bare "Mozilla/5.0", or a fetch within seconds of delivery.
 */
export function isMachineOpen(userAgent: string | undefined, deliveredAt: Date | undefined, now: Date): boolean {
  const agent = userAgent?.trim() ?? '';
  if (!agent || agent === 'Mozilla/5.0' || MACHINE_AGENTS.test(agent)) return true;
  return deliveredAt !== undefined && now.getTime() - deliveredAt.getTime() < PREFETCH_WINDOW_MS;
}
