import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { Public } from '../auth/access.decorators.js';
import { Consumes } from '../common/content-type.js';
import { escapeHtml, publicPage } from '../common/public-pages.js';
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
    if (!renewal) return this.send(res, 404, 'Link not valid', INVALID);
    const agency = escapeHtml(renewal.agency_name);
    this.send(
      res,
      200,
      `Keep hearing from ${renewal.agency_name}?`,
      `<h1>Keep hearing from ${agency}?</h1><p>${agency} would like to keep contacting you about Medicare plans by call, text and e-mail.</p>
       <div class="actions"><form method="post"><button type="submit">Yes, keep me informed</button></form>
       <form method="post" action="${escapeHtml(token)}/stop"><button type="submit" class="secondary">No, stop</button></form></div>`,
      renewal.primary_color,
    );
  }

  @Post(':token')
  @HttpCode(200)
  @Consumes('application/x-www-form-urlencoded', 'multipart/form-data')
  async renew(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const renewal = TOKEN.test(token) ? await this.records.renewByLink(token, req.ip ?? null) : undefined;
    if (!renewal) return this.send(res, 404, 'Link not valid', INVALID);
    const agency = escapeHtml(renewal.agency_name);
    this.send(
      res,
      200,
      'Thank you',
      `<h1>Thank you</h1><p>${agency} may keep contacting you about Medicare plans. You can stop at any time.</p>`,
      renewal.primary_color,
    );
  }

  @Get(':token/stop')
  async stopPage(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const renewal = TOKEN.test(token) ? await this.records.renewalOf(token) : undefined;
    if (!renewal) return this.send(res, 404, 'Link not valid', INVALID);
    const agency = escapeHtml(renewal.agency_name);
    this.send(
      res,
      200,
      `Stop hearing from ${renewal.agency_name}?`,
      `<h1>Stop hearing from ${agency} about plans?</h1><p>Your reminders are not affected.</p><form method="post"><button type="submit">Stop</button></form>`,
      renewal.primary_color,
    );
  }

  @Post(':token/stop')
  @HttpCode(200)
  @Consumes('application/x-www-form-urlencoded', 'multipart/form-data')
  async stop(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const renewal = TOKEN.test(token) ? await this.records.declineByLink(token, req.ip ?? null) : undefined;
    if (!renewal) return this.send(res, 404, 'Link not valid', INVALID);
    const agency = escapeHtml(renewal.agency_name);
    this.send(
      res,
      200,
      'Stopped',
      `<h1>Done</h1><p>${agency} will not contact you about Medicare plans anymore.</p>`,
      renewal.primary_color,
    );
  }

  private send(res: Response, status: number, title: string, body: string, color?: string): void {
    const page = publicPage(title, body, color);
    res.status(status).set('Content-Security-Policy', page.csp).set('Cache-Control', 'no-store').type('html').send(page.html);
  }
}
