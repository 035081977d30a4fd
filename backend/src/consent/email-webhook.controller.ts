import { createHmac, timingSafeEqual } from 'node:crypto';

import type { RawBodyRequest } from '@nestjs/common';
import { BadRequestException, Controller, ForbiddenException, HttpCode, Inject, NotFoundException, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';

import { Public } from '../auth/access.decorators.js';
import { normalizeEmail } from '../clients/contact.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RateLimit } from '../rate-limit/rate-limit.decorators.js';
import { ConsentLedger } from './consent-ledger.service.js';

/** One notice from the e-mail provider. */
interface EmailEvent {
  type?: unknown;
  email?: unknown;
  /** For a bounce: only a `hard` (permanent) one suppresses the address. */
  bounceType?: unknown;
  reason?: unknown;
}

const MAX_EVENTS = 1000;

/**
 * The e-mail provider's bounce and complaint notices (EMAIL_WEBHOOK_SECRET): a JSON event or list of
 * events `{ type: 'bounce' | 'complaint', email, bounceType?: 'hard' | 'soft', reason? }`, signed
 * with HMAC-SHA256 of the raw body (hex) in `X-Signature`. A hard bounce or a complaint suppresses
 * the address and revokes its clients' e-mail permission; a soft bounce changes nothing.
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
  ) {}

  @Post()
  @HttpCode(200)
  async receive(@Req() req: RawBodyRequest<Request>): Promise<{ suppressed: number }> {
    const secret = this.config.consent.emailWebhookSecret;
    if (!secret) throw new NotFoundException('The e-mail webhook is not configured');
    const raw = req.rawBody ?? Buffer.alloc(0);
    const expected = createHmac('sha256', secret).update(raw).digest();
    const given = Buffer.from(String(req.get('x-signature') ?? ''), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ForbiddenException('Invalid signature');
    const body = req.body as EmailEvent | EmailEvent[] | undefined;
    const events = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : [];
    if (events.length === 0 || events.length > MAX_EVENTS) throw new BadRequestException(`Send one event or a list of 1 to ${MAX_EVENTS}`);
    // Every event is checked before any is applied: a bad list changes nothing.
    const notices = events.map((event) => {
      const email = typeof event.email === 'string' ? normalizeEmail(event.email) : undefined;
      if (!email) throw new BadRequestException('Each event needs the e-mail address it is about');
      if (event.type !== 'complaint' && event.type !== 'bounce') throw new BadRequestException('type must be bounce or complaint');
      const reason = typeof event.reason === 'string' ? event.reason.slice(0, 300) : '';
      return { email, type: event.type as 'bounce' | 'complaint', soft: event.bounceType === 'soft', reason };
    });
    let suppressed = 0;
    for (const notice of notices) {
      if (notice.type === 'bounce' && notice.soft) continue;
      const evidence = notice.type === 'complaint' ? 'Marked as spam' : 'Hard bounce reported by the e-mail provider';
      await this.ledger.suppressEmail(notice.email, notice.type, notice.reason ? `${evidence}: ${notice.reason}` : evidence);
      suppressed += 1;
    }
    return { suppressed };
  }
}
