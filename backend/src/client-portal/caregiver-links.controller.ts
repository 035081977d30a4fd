import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';

import { Public } from '../auth/access.decorators.js';
import { Consumes } from '../common/content-type.js';
import { messagesFor } from '../common/messages/index.js';
import { escapeHtml, publicPage } from '../common/public-pages.js';
import type { CaregiverLink } from './caregivers.repository.js';
import { CaregiversService } from './caregivers.service.js';

/** The page's text for each answer: what the caregiver agreed to, and the one button that changes it, in the client's language. */
export function caregiverPageBody(link: CaregiverLink, token: string, thanks: boolean): { title: string; body: string } {
  const words = messagesFor(link.language);
  const { caregiver } = words;
  const name = escapeHtml(link.client_first_name.trim() || words.yourFamilyMember);
  const agency = escapeHtml(link.agency_name.trim() || words.theirAgency);
  const action = (path: 'agree' | 'stop', label: string, secondary = false) =>
    `<form method="post" action="/api/caregiver/${token}/${path}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button></form>`;
  const privacy = `<p>${caregiver.privacy(name)}</p>`;
  if (link.status === 'invited')
    return {
      title: caregiver.pageInvitedTitle,
      body: `<h1>${caregiver.pageInvitedHeading(name)}</h1><p>${caregiver.pageInvitedText(name, agency)}</p>${privacy}
        <div class="actions">${action('agree', caregiver.pageAgree)}${action('stop', caregiver.pageDecline, true)}</div>`,
    };
  if (link.status === 'active')
    return {
      title: caregiver.pageActiveTitle,
      body: `<h1>${caregiver.pageActiveHeading(name, thanks)}</h1>${privacy}
        <div class="actions">${action('stop', caregiver.pageStop, true)}</div>`,
    };
  return {
    title: caregiver.pageStoppedTitle,
    body: `<h1>${caregiver.pageStoppedHeading(name)}</h1><p>${caregiver.pageStoppedText(name)}</p>`,
  };
}

/**
 * An e-mail caregiver's page, reached from their invitation and every alert without signing in:
 * it shows their answer and a button to give or change it. Opening the page changes nothing (mail
 * scanners open links); only its buttons (POST) do, and so does a mail app's one-click unsubscribe.
 */
@ApiExcludeController()
@Controller('caregiver')
@Public()
export class CaregiverLinksController {
  constructor(private readonly caregivers: CaregiversService) {}

  @Get(':token')
  async page(@Param('token') token: string, @Res() res: Response): Promise<void> {
    this.send(res, token, await this.caregivers.link(token), false);
  }

  /** The List-Unsubscribe address opened in a browser: the same page, where Stop is one button away. */
  @Get(':token/stop')
  async stopPage(@Param('token') token: string, @Res() res: Response): Promise<void> {
    this.send(res, token, await this.caregivers.link(token), false);
  }

  @Post(':token/agree')
  @HttpCode(200)
  @Consumes('application/x-www-form-urlencoded', 'multipart/form-data')
  async agree(@Param('token') token: string, @Res() res: Response): Promise<void> {
    this.send(res, token, await this.caregivers.answer(token, 'agree'), true);
  }

  @Post(':token/stop')
  @HttpCode(200)
  // The page's button, and mail apps' one-click unsubscribe (RFC 8058).
  @Consumes('application/x-www-form-urlencoded', 'multipart/form-data')
  async stop(@Param('token') token: string, @Res() res: Response): Promise<void> {
    this.send(res, token, await this.caregivers.answer(token, 'stop'), false);
  }

  private send(res: Response, token: string, link: CaregiverLink | undefined, thanks: boolean): void {
    const { pages, caregiver } = messagesFor('en');
    const { title, body } = link
      ? caregiverPageBody(link, token, thanks)
      : { title: pages.notValidTitle, body: `<h1>${pages.notValidHeading}</h1><p>${caregiver.pageNotValid}</p>` };
    const page = publicPage(title, body, link?.primary_color, link?.language);
    res
      .status(link ? 200 : 404)
      .set('Content-Security-Policy', page.csp)
      .set('Cache-Control', 'no-store')
      .set('Referrer-Policy', 'no-referrer')
      .type('html')
      .send(page.html);
  }
}
