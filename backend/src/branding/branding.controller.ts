import { readFile, rm } from 'node:fs/promises';

import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import type { Actor } from '../agency-log/actor.js';
import {
  BrokerOnly,
  ClientOnly,
  CurrentActor,
  CurrentClientAccount,
  CurrentMember,
  CurrentUser,
  Public,
  type RequestMember,
} from '../auth/access.decorators.js';
import type { ClientAccount } from '../auth/client-account.entity.js';
import { CurrentUserDto } from '../auth/dto/current-user.dto.js';
import { ApiFileResponse } from '../common/api-file-response.js';
import { Consumes } from '../common/content-type.js';
import { languageOf, LANGUAGES } from '../common/language.js';
import { receiveUpload } from '../common/multipart.js';
import { escapeHtml, publicPage } from '../common/public-pages.js';
import { MemberMay } from '../members/member-rule.js';
import { RateLimit } from '../rate-limit/rate-limit.decorators.js';
import { StorageService } from '../storage/storage.service.js';
import type { User } from '../users/user.entity.js';
import { BrandingService, LOGO_MAX_BYTES } from './branding.service.js';
import { LogoDto, PortalBrandingDto, PortalLinkDto, PublicAgencyDto, UpdateBrandingDto } from './dto/branding.dto.js';

@ApiTags('branding')
@Controller()
@MemberMay({ write: 'branding:manage' })
export class BrandingController {
  constructor(
    private readonly branding: BrandingService,
    private readonly storage: StorageService,
  ) {}

  @Put('branding')
  @BrokerOnly()
  @ApiOperation({ summary: 'Updates the agency branding; /api/auth/user shows it at once' })
  @ApiOkResponse({ type: CurrentUserDto })
  async update(
    @CurrentUser() user: User,
    @CurrentMember() member: RequestMember,
    @CurrentActor() actor: Actor,
    @Body() body: UpdateBrandingDto,
  ): Promise<CurrentUserDto> {
    return CurrentUserDto.from(await this.branding.update(user, actor, body), member);
  }

  @Post('branding/logo')
  @BrokerOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Uploads the agency logo (PNG, JPEG or WebP, up to 2 MB; stored as a 200×200 PNG)' })
  @Consumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['logo'], properties: { logo: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ type: LogoDto })
  async uploadLogo(@CurrentUser() user: User, @CurrentActor() actor: Actor, @Req() req: Request): Promise<LogoDto> {
    const spool = await this.storage.spoolFile();
    const upload = await receiveUpload(req, 'logo', LOGO_MAX_BYTES, spool);
    try {
      if (!upload.file) throw new BadRequestException('No logo uploaded: send it in the "logo" field');
      return { logoUrl: await this.branding.uploadLogo(user, actor, await readFile(upload.file.path)) };
    } finally {
      await rm(spool, { force: true });
    }
  }

  @Get('public/logos/:file')
  @Public()
  @RateLimit('tracking') // E-mails show it too, through mail providers' image proxies.
  @ApiOperation({ summary: 'An agency logo (public: it appears on sign-in pages and in e-mails)' })
  @ApiParam({ name: 'file', description: 'The logo’s file name, as in logoUrl', example: '6f1c2a9e-4b7d-4e3a-9c2f-8a1b2c3d4e5f.png' })
  @ApiFileResponse({ mediaType: 'image/png', description: 'The logo, a 200×200 PNG (cached for a year: a new logo gets a new name)' })
  @ApiNotFoundResponse({ description: 'No such logo' })
  async logo(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const { stream, size } = await this.branding.readLogo(file);
    res.set({
      'Content-Type': 'image/png',
      'Content-Length': String(size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
    stream.pipe(res);
  }

  @Get('public/disclaimer/:brokerId')
  @Public()
  @ApiOperation({ summary: 'An agency’s TPMO disclaimer as a page: the link its marketing texts end with' })
  @ApiQuery({ name: 'lang', required: false, enum: LANGUAGES, example: 'es', description: 'The page’s language (English when absent)' })
  @ApiFileResponse({
    mediaType: 'text/html',
    description: 'The agency’s name and its disclaimer as a page',
    text: '<!doctype html><html lang="en"><head><title>Sunrise Insurance Agency: about the plans we offer</title>…',
  })
  @ApiNotFoundResponse({ description: 'No such agency, or it has no disclaimer' })
  async disclaimer(@Param('brokerId') brokerId: string, @Res() res: Response, @Query('lang') lang?: string): Promise<void> {
    const language = languageOf(lang) ?? 'en';
    const { agencyName, disclaimer, primaryColor } = await this.branding.disclaimerPage(brokerId, language);
    const page = publicPage(
      language === 'es' ? `${agencyName}: sobre los planes que ofrecemos` : `${agencyName}: about the plans we offer`,
      `<h1>${escapeHtml(agencyName)}</h1><p>${escapeHtml(disclaimer)}</p>`,
      primaryColor,
      language,
    );
    res.status(200).set('Content-Security-Policy', page.csp).set('Cache-Control', 'no-store').type('html').send(page.html);
  }

  @Get('branding/portal-link')
  @BrokerOnly()
  @ApiOperation({
    summary: 'The agency’s branded sign-in link for clients: /client/login?agency={slug}',
    description:
      'The slug is made from the agency name the first time it is asked for, then kept (renaming the agency does not change it), ' +
      'so links already shared keep working.',
  })
  @ApiOkResponse({ type: PortalLinkDto })
  portalLink(@CurrentUser() user: User): Promise<PortalLinkDto> {
    return this.branding.portalLink(user);
  }

  @Get('public/agency/:slug')
  @Public()
  @ApiOperation({ summary: 'An agency’s name, logo, colour and phone, for its branded client sign-in page (public)' })
  @ApiParam({ name: 'slug', description: 'The agency’s slug, as in its link /client/login?agency={slug}', example: 'sunrise-benefits' })
  @ApiOkResponse({ type: PublicAgencyDto })
  @ApiNotFoundResponse({ description: '{ message: "No such agency" } for a slug no agency has' })
  publicAgency(@Param('slug') slug: string): Promise<PublicAgencyDto> {
    return this.branding.publicAgency(slug);
  }

  @Get('client-portal/branding')
  @ClientOnly()
  @ApiOperation({ summary: 'The signed-in client’s agency branding' })
  @ApiOkResponse({ type: PortalBrandingDto })
  portalBranding(@CurrentClientAccount() account: ClientAccount): Promise<PortalBrandingDto> {
    return this.branding.forClientPortal(account.client.broker.id, account.client.language);
  }
}
