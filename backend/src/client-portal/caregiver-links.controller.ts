import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';

import { Public } from '../auth/access.decorators.js';
import { Consumes } from '../common/content-type.js';
import { escapeHtml, publicPage } from '../common/public-pages.js';
import type { CaregiverLink } from './caregivers.repository.js';
import { CaregiversService } from './caregivers.service.js';

const NOT_VALID = '<h1>This link is not valid</h1><p>It may have been copied incompletely, or the caregiver was removed.</p>';

/** The page's text for each answer: what the caregiver agreed to, and the one button that changes it. */
export function caregiverPageBody(link: CaregiverLink, token: string, thanks: boolean): { title: string; body: string } {
  const name = escapeHtml(link.client_first_name.trim() || 'Your family member');
  const agency = escapeHtml(link.agency_name.trim() || 'their insurance agency');
  const action = (path: 'agree' | 'stop', label: string, secondary = false) =>
    `<form method="post" action="/api/caregiver/${token}/${path}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button></form>`;
  const privacy = `<p>You will only learn the time of a reminder ${name} did not confirm, never what it is about.</p>`;
  if (link.status === 'invited')
    return {
      title: 'Caregiver invitation',
      body: `<h1>${name} added you as their caregiver</h1><p>${agency} sends ${name} reminders. Do you want an e-mail when ${name} does not confirm one?</p>${privacy}
        <div class="actions">${action('agree', 'Yes, e-mail me')}${action('stop', 'No, thank you', true)}</div>`,
    };
  if (link.status === 'active')
    return {
      title: 'Caregiver e-mails',
      body: `<h1>${thanks ? 'Thank you. ' : ''}You will get an e-mail if ${name} misses a reminder</h1>${privacy}
        <div class="actions">${action('stop', 'Stop these e-mails', true)}</div>`,
    };
  return {
    title: 'Caregiver e-mails stopped',
    body: `<h1>You will not get e-mails about ${name}’s reminders</h1><p>If you change your mind, ask ${name} to add you again.</p>`,
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
    const { title, body } = link ? caregiverPageBody(link, token, thanks) : { title: 'Link not valid', body: NOT_VALID };
    const page = publicPage(title, body, link?.primary_color);
    res
      .status(link ? 200 : 404)
      .set('Content-Security-Policy', page.csp)
      .set('Cache-Control', 'no-store')
      .set('Referrer-Policy', 'no-referrer')
      .type('html')
      .send(page.html);
  }
}
