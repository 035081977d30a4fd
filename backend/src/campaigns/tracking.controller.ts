import { BadRequestException, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { Public } from '../auth/access.decorators.js';
import { EngagementService } from '../clients/engagement.service.js';
import { Consumes } from '../common/content-type.js';
import type { Language } from '../common/language.js';
import { messagesFor } from '../common/messages/index.js';
import { escapeHtml, publicPage } from '../common/public-pages.js';
import { ConsentLedger } from '../consent/consent-ledger.service.js';
import { isCampaignLink } from '../delivery/campaign-links.js';
import { DeliveryReads } from '../delivery/delivery-reads.repository.js';
import { OptOutsService } from '../messaging/opt-outs.service.js';
import { RateLimit } from '../rate-limit/rate-limit.decorators.js';
import { CampaignRecipientsRepository, type RecipientRow } from './campaign-recipients.repository.js';
import { isMachineOpen } from './open-detection.js';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TOKEN = /^[0-9a-f]{64}$/;

/**
 * What campaign recipients' links reach, without signing in: the open pixel, the click redirect
 * (only to links that were in that campaign's message) and unsubscribe (a page, then a POST; mail
 * apps' one-click POST works too). Tokens are per recipient and unguessable.
 */
@ApiExcludeController()
@Controller()
@Public()
export class TrackingController {
  constructor(
    private readonly recipients: CampaignRecipientsRepository,
    private readonly deliveries: DeliveryReads,
    private readonly ledger: ConsentLedger,
    private readonly optOuts: OptOutsService,
    private readonly engagement: EngagementService,
  ) {}

  private recipient(token: string): Promise<RecipientRow | undefined> {
    return TOKEN.test(token) ? this.recipients.byToken(token) : Promise.resolve(undefined);
  }

  @Get('t/o/:file')
  @RateLimit('tracking')
  async open(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const row = await this.recipient(file.replace(/\.gif$/, ''));
    if (row) {
      const deliveredAt = await this.deliveries.campaignDeliveredAt(row.campaign_id, row.client_id);
      const machine = isMachineOpen(req.get('user-agent'), deliveredAt ?? undefined, new Date());
      await this.recipients.recordOpen(row.id, machine);
      if (!machine) await this.engagement.recompute(row.client_id);
    }
    res.status(200).set({ 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, private' }).send(PIXEL);
  }

  @Get('t/c/:token')
  @RateLimit('tracking')
  async click(@Param('token') token: string, @Query('u') target: string | undefined, @Res() res: Response): Promise<void> {
    const row = await this.recipient(token);
    if (!row) throw new NotFoundException('This link is not valid');
    if (!target || !isCampaignLink(row.message, target)) throw new BadRequestException('This link does not belong to the message');
    await this.recipients.recordClick(row.id);
    await this.engagement.recompute(row.client_id);
    res.redirect(302, target);
  }

  @Get('u/:token')
  async unsubscribePage(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const row = await this.recipient(token);
    if (!row) return this.notValid(res);
    const { pages, yourAgency } = messagesFor(row.language);
    const agency = escapeHtml(row.agency_name || yourAgency);
    this.page(
      res,
      200,
      pages.unsubscribeTitle,
      `<h1>${pages.unsubscribeHeading(agency)}</h1><p>${pages.unsubscribeText}</p>
       <form method="post"><button type="submit">${pages.unsubscribeButton}</button></form>`,
      row.primary_color,
      row.language,
    );
  }

  @Post('u/:token')
  @HttpCode(200)
  // The page's form, and mail apps' one-click unsubscribe (RFC 8058 allows either encoding).
  @Consumes('application/x-www-form-urlencoded', 'multipart/form-data')
  async unsubscribe(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const row = await this.recipient(token);
    if (!row) return this.notValid(res);
    await this.ledger.record({
      clientIds: [row.client_id],
      channels: ['email'],
      purposes: ['reminders', 'marketing'],
      optedIn: false,
      source: 'unsubscribe_link',
      evidence: 'Unsubscribed with the link of a campaign e-mail',
      actor: 'recipient',
      ip: req.ip ?? null,
    });
    if (row.email) await this.optOuts.optOut(row.email.toLowerCase(), 'email', 'email-link');
    const { pages, YourAgency } = messagesFor(row.language);
    this.page(
      res,
      200,
      pages.unsubscribedTitle,
      `<h1>${pages.unsubscribedHeading}</h1><p>${pages.unsubscribedText(escapeHtml(row.agency_name || YourAgency))}</p>`,
      row.primary_color,
      row.language,
    );
  }

  /** A token that matches no message: the page says so in English (whose language is unknown). */
  private notValid(res: Response): void {
    const { pages } = messagesFor('en');
    this.page(res, 404, pages.notValidTitle, `<h1>${pages.notValidHeading}</h1><p>${pages.notValidText}</p>`);
  }

  private page(res: Response, status: number, title: string, body: string, color?: string, language?: Language): void {
    const page = publicPage(title, body, color, language);
    res.status(status).set('Content-Security-Policy', page.csp).set('Cache-Control', 'no-store').type('html').send(page.html);
  }
}
