import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';

import type { Actor } from '../agency-log/actor.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentActor, CurrentUser } from '../auth/access.decorators.js';
import { MemberMay } from '../members/member-rule.js';
import type { User } from '../users/user.entity.js';
import { A2pService } from './a2p.service.js';
import { RegistrationDto, RegistrationPreviewDto, SubmitRegistrationDto, TextingStatusDto } from './dto/a2p.dto.js';

/**
 * The agency's A2P 10DLC registration (docs/messaging.md): its brand and campaign with the US
 * carriers, through Twilio. Owners only (`messaging:register`); every member sees whether texts wait.
 */
@ApiTags('messaging-registration')
@Controller('messaging-registration')
@BrokerOnly()
@TokenScopes({ read: 'messaging:register', write: 'messaging:register' })
@MemberMay({ read: 'messaging:register', write: 'messaging:register' })
export class A2pController {
  constructor(private readonly a2p: A2pService) {}

  @Get('status')
  @MemberMay({ read: 'read' })
  @TokenScopes({ read: 'any' })
  @ApiOperation({
    summary: 'Whether the agency’s texts wait for its carrier registration (A2P 10DLC), and how many wait',
    description: 'For every member: the broker app’s banner.',
  })
  @ApiOkResponse({ type: TextingStatusDto })
  status(@CurrentUser() agency: User): Promise<TextingStatusDto> {
    return this.a2p.status(agency.id);
  }

  @Get('preview')
  @ApiOperation({
    summary:
      'What would be registered: the campaign generated from the agency’s texts, and the fees (dated) for a company and a sole proprietor',
  })
  @ApiOkResponse({ type: RegistrationPreviewDto })
  preview(@CurrentUser() agency: User): Promise<RegistrationPreviewDto> {
    return this.a2p.preview(agency);
  }

  @Get()
  @ApiOperation({
    summary: 'The agency’s registration: each step’s status, and Twilio’s reasons for a failure in plain words (English and Spanish)',
  })
  @ApiOkResponse({ type: RegistrationDto })
  @ApiNotFoundResponse({ description: 'The agency has not registered yet' })
  get(@CurrentUser() agency: User): Promise<RegistrationDto> {
    return this.a2p.get(agency.id);
  }

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Submits the agency’s registration (or submits it again after a failure), with the fees the owner confirmed',
    description:
      'The business profile, A2P bundle and brand are made at Twilio at once; a job asks Twilio where they stand until the campaign is approved or fails. Without Twilio (development) it is simulated.',
  })
  @ApiAcceptedResponse({ type: RegistrationDto })
  @ApiBadRequestResponse({ description: 'A field is missing or wrong (an EIN of 9 digits for a company, a US phone, a ZIP code, …)' })
  @ApiConflictResponse({
    description: 'Already under review or approved, the amounts changed since shown, or the server is not set up for it',
  })
  submit(@CurrentUser() agency: User, @CurrentActor() actor: Actor, @Body() body: SubmitRegistrationDto): Promise<RegistrationDto> {
    return this.a2p.submit(agency, actor, body);
  }

  @Post('check')
  @HttpCode(200)
  @ApiOperation({ summary: 'Asks Twilio now where the registration stands (the job does so every 15 minutes)' })
  @ApiOkResponse({ type: RegistrationDto })
  @ApiNotFoundResponse({ description: 'The agency has not registered yet' })
  async check(@CurrentUser() agency: User): Promise<RegistrationDto> {
    await this.a2p.check(agency.id);
    return this.a2p.get(agency.id);
  }
}
