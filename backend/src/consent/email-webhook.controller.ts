import { createHmac, timingSafeEqual } from 'node:crypto';

import type { RawBodyRequest } from '@nestjs/common';
import { BadRequestException, Controller, ForbiddenException, HttpCode, Inject, NotFoundException, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';

import { Public } from '../auth/access.decorators.js';
import { normalizeEmail } from '../clients/contact.js';
import { Clock } from '../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { WebhookEventsService } from '../messaging/webhook-events.service.js';
import { RateLimit } from '../rate-limit/rate-limit.decorators.js';
import { ConsentLedger } from './consent-ledger.service.js';

/** One notice from the e-mail provider. */
interface EmailEvent {
  /** The provider's id of the event: each event takes effect once, however often it is delivered. */
  id?: unknown;
  type?: unknown;
  email?: unknown;
  /** For a bounce: only a `hard` (permanent) one suppresses the address. */
  bounceType?: unknown;
  reason?: unknown;
}

const MAX_EVENTS = 1000;
/** How old (or how far ahead of our clock) a signed notice may be: a captured one cannot be replayed later. */
export const EMAIL_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** The signature the provider sends in `X-Signature`: HMAC-SHA256 (hex) of `<X-Timestamp>.<raw body>`. */
export function emailWebhookSignature(secret: string, timestamp: string, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
}

/**
 * The e-mail provider's bounce and complaint notices (EMAIL_WEBHOOK_SECRET): a JSON event or list of
 * events `{ id, type: 'bounce' | 'complaint', email, bounceType?: 'hard' | 'soft', reason? }`,
 * with the Unix time of signing in `X-Timestamp` and HMAC-SHA256 of `<timestamp>.<raw body>` (hex)
 * in `X-Signature`. A notice signed more than 5 minutes from now is refused, and an event whose `id`
 * was already applied is skipped, so a captured request cannot be replayed. A hard bounce or a
 * complaint suppresses the address and revokes its clients' e-mail permission; a soft bounce changes
 * nothing.
 */
@ApiExcludeController()
@Controller('webhooks/email')
@Public()
// Signed by the provider, which sends notices in bursts.
@RateLimit('exempt')
export class EmailWebhookController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: ConsentLedger,
    private readonly clock: Clock,
    private readonly webhookEvents: WebhookEventsService,
  ) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() req: RawBodyRequest<Request>): Promise<{ suppressed: number; alreadyApplied: number }> {
    const secret = this.config.consent.emailWebhookSecret;
    if (!secret) throw new NotFoundException('The e-mail webhook is not configured');
    const raw = req.rawBody ?? Buffer.alloc(0);
    const timestamp = String(req.get('x-timestamp') ?? '');
    if (!/^\d{1,12}$/.test(timestamp)) throw new ForbiddenException('X-Timestamp must be the Unix time (in seconds) the notice was signed');
    const expected = Buffer.from(emailWebhookSignature(secret, timestamp, raw), 'hex');
    const given = Buffer.from(String(req.get('x-signature') ?? ''), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ForbiddenException('Invalid signature');
    const age = this.clock.now().getTime() / 1000 - Number(timestamp);
    if (Math.abs(age) > EMAIL_WEBHOOK_TOLERANCE_SECONDS) {
      throw new ForbiddenException('The notice was signed more than 5 minutes from now: send it again with a fresh signature');
    }
    const body = req.body as EmailEvent | EmailEvent[] | undefined;
    const events = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : [];
    if (events.length === 0 || events.length > MAX_EVENTS) throw new BadRequestException(`Send one event or a list of 1 to ${MAX_EVENTS}`);
    // Every event is checked before any is applied: a bad list changes nothing.
    const notices = events.map((event) => {
      const id = typeof event.id === 'string' ? event.id.trim() : typeof event.id === 'number' ? String(event.id) : '';
      if (!id || id.length > 200 || id.includes('\u0000'))
        throw new BadRequestException("Each event needs the provider's event id (1 to 200 characters)");
      const email = typeof event.email === 'string' ? normalizeEmail(event.email) : undefined;
      if (!email) throw new BadRequestException('Each event needs the e-mail address it is about');
      if (event.type !== 'complaint' && event.type !== 'bounce') throw new BadRequestException('type must be bounce or complaint');
      const reason = typeof event.reason === 'string' ? event.reason.slice(0, 300) : '';
      return { id, email, type: event.type as 'bounce' | 'complaint', soft: event.bounceType === 'soft', reason };
    });
    let suppressed = 0;
    let alreadyApplied = 0;
    for (const notice of notices) {
      if (notice.type === 'bounce' && notice.soft) continue;
      // Delivered again (a retry, or a replay within the 5 minutes): applied the first time only.
      if (!(await this.webhookEvents.firstTime(`email:${notice.id}`))) {
        alreadyApplied += 1;
        continue;
      }
      const evidence = notice.type === 'complaint' ? 'Marked as spam' : 'Hard bounce reported by the e-mail provider';
      await this.ledger.suppressEmail(notice.email, notice.type, notice.reason ? `${evidence}: ${notice.reason}` : evidence);
      suppressed += 1;
    }
    return { suppressed, alreadyApplied };
  }
}
