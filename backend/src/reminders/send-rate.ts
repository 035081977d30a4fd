import type { Channel } from '../messaging/outbox-message.entity.js';

/**
 * Paces sends per channel: at most `perSecond[channel]` per second, evenly spaced (a token bucket
 * holding one token, refilled at that rate). A channel with no rate (or 0) is not limited.
 * Reservations are taken synchronously, so concurrent senders never share a slot. The clock is
 * injected so the pacing can be checked without waiting.
 */
export class SendRateLimiter {
  /** When the next send on each channel may start (milliseconds, on the injected clock). */
  private readonly nextSlot = new Map<Channel, number>();

  constructor(
    private readonly perSecond: Partial<Record<Channel, number>>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether sends on this channel are paced at all. */
  limits(channel: Channel): boolean {
    return (this.perSecond[channel] ?? 0) > 0;
  }

  /**
   * Reserves the next slot on `channel` and returns how many milliseconds to wait before sending.
   * If the wait would be longer than `maxWaitMs`, nothing is reserved and `undefined` is returned.
   */
  reserve(channel: Channel, maxWaitMs = Number.POSITIVE_INFINITY): number | undefined {
    const rate = this.perSecond[channel] ?? 0;
    if (rate <= 0) return 0;
    const now = this.now();
    const at = Math.max(now, this.nextSlot.get(channel) ?? now);
    const wait = at - now;
    if (wait > maxWaitMs) return undefined;
    this.nextSlot.set(channel, at + 1000 / rate);
    return wait;
  }

  /** How long until a send on `channel` could start, without reserving it. */
  waitFor(channel: Channel): number {
    if (!this.limits(channel)) return 0;
    return Math.max(0, (this.nextSlot.get(channel) ?? 0) - this.now());
  }
}
