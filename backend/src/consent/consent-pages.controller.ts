import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { Public } from '../auth/access.decorators.js';
import { Consumes } from '../common/content-type.js';
import { messagesFor } from '../common/messages/index.js';
import { escapeHtml, publicPage } from '../common/public-pages.js';
import type { OpenRenewal } from './consent.repository.js';
import { ConsentRecordsService } from './consent-records.service.js';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const INVALID = '<h1>This link is not valid</h1><p>It may have been used already, have expired, or been copied incompletely.</p>';

/**
 * A renewal request's page, without signing in: the client keeps hearing from the agency about
 * plans (one click), or stops. Mail apps' one-click unsubscribe posts to the stop address.
 */
@ApiExcludeController()
@Controller('consent/renew')
@Public()
export class ConsentPagesController {
  constructor(private readonly records: ConsentRecordsService) {}

  @Get(':token')
  async page(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const renewal = TOKEN.test(token) ? await this.records.renewalOf(token) : undefined;
    if (!renewal) return this.notValid(res);
    const { pages } = messagesFor(renewal.language);
    const agency = escapeHtml(renewal.agency_name);
    this.send(
      res,
      renewal,
      pages.renewTitle(agency),
      `<h1>${pages.renewTitle(agency)}</h1><p>${pages.renewText(agency)}</p>
       <div class="actions"><form method="post"><button type="submit">${pages.renewYes}</button></form>
       <form method="post" action="${escapeHtml(token)}/stop"><button type="submit" class="secondary">${pages.renewNo}</button></form></div>`,
    );
  }

  @Post(':token')
  @HttpCode(200)
  @Consumes('application/x-www-form-urlencoded', 'multipart/form-data')
  async renew(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const renewal = TOKEN.test(token) ? await this.records.renewByLink(token, req.ip ?? null) : undefined;
    if (!renewal) return this.notValid(res);
    const { pages } = messagesFor(renewal.language);
    this.send(
      res,
      renewal,
      pages.renewedTitle,
      `<h1>${pages.renewedTitle}</h1><p>${pages.renewedText(escapeHtml(renewal.agency_name))}</p>`,
    );
  }

  @Get(':token/stop')
  async stopPage(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const renewal = TOKEN.test(token) ? await this.records.renewalOf(token) : undefined;
    if (!renewal) return this.notValid(res);
    const { pages } = messagesFor(renewal.language);
    const agency = escapeHtml(renewal.agency_name);
    this.send(
      res,
      renewal,
      pages.stopTitle(agency),
      `<h1>${pages.stopHeading(agency)}</h1><p>${pages.stopText}</p><form method="post"><button type="submit">${pages.stopButton}</button></form>`,
    );
  }

  @Post(':token/stop')
  @HttpCode(200)
  @Consumes('application/x-www-form-urlencoded', 'multipart/form-data')
  async stop(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const renewal = TOKEN.test(token) ? await this.records.declineByLink(token, req.ip ?? null) : undefined;
    if (!renewal) return this.notValid(res);
    const { pages } = messagesFor(renewal.language);
    this.send(
      res,
      renewal,
      pages.stoppedTitle,
      `<h1>${pages.stoppedHeading}</h1><p>${pages.stoppedText(escapeHtml(renewal.agency_name))}</p>`,
    );
  }

  /** A used, expired or mangled link: whose it was is unknown, so the page is in English. */
  private notValid(res: Response): void {
    const page = publicPage(messagesFor('en').pages.notValidTitle, INVALID);
    res.status(404).set('Content-Security-Policy', page.csp).set('Cache-Control', 'no-store').type('html').send(page.html);
  }

  private send(res: Response, renewal: OpenRenewal, title: string, body: string): void {
    const page = publicPage(title, body, renewal.primary_color, renewal.language);
    res.status(200).set('Content-Security-Policy', page.csp).set('Cache-Control', 'no-store').type('html').send(page.html);
  }
}
