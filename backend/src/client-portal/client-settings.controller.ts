import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Body, Controller, Get, Put, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';

import { ClientOnly, CurrentClientAccount } from '../auth/access.decorators.js';
import { ClientAccount } from '../auth/client-account.entity.js';
import { Client } from '../clients/client.entity.js';
import type { Language } from '../common/language.js';
import { actorOf, ConsentLedger, CONTACT_CHANNELS } from '../consent/consent-ledger.service.js';
import { areaCodeTimeZone, clientTimeZone } from '../delivery/time-zones.js';
import { zoneOfPlace } from '../delivery/us-places.js';
import { User } from '../users/user.entity.js';
import { ClientSettingsDto, UpdateClientSettingsDto } from './dto/client-settings.dto.js';
import { isValidZone } from './recurrence.js';

/** What the portal says when the client chooses (the ledger keeps these words as the evidence). */
export const PORTAL_MARKETING_WORDS: Record<Language, { yes: string; no: string }> = {
  en: {
    yes: 'Chose in the portal: “Yes, my agency may contact me about Medicare plans”',
    no: 'Chose in the portal: “No, do not contact me about Medicare plans”',
  },
  es: {
    yes: 'Eligió en el portal: “Sí, mi agencia puede comunicarse conmigo sobre planes de Medicare”',
    no: 'Eligió en el portal: “No, no se comuniquen conmigo sobre planes de Medicare”',
  },
};

/**
 * The client's own settings in the portal: the time zone their reminders and calling hours use, and
 * whether their agency may contact them about Medicare plans (recorded in the consent ledger as the
 * client's own choice, with the address it came from).
 */
@ApiTags('client portal: settings')
@Controller('client/settings')
@ClientOnly()
export class ClientSettingsController {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: ConsentLedger,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in client’s time zone, language and choice about Medicare plan messages' })
  @ApiOkResponse({ type: ClientSettingsDto })
  async get(@CurrentClientAccount() account: ClientAccount): Promise<ClientSettingsDto> {
    return this.view(account);
  }

  @Put()
  @ApiOperation({
    summary:
      'Sets the client’s time zone, language, their choice about Medicare plan messages, or how the portal shows itself (text size, contrast)',
  })
  @ApiOkResponse({ type: ClientSettingsDto })
  @ApiBadRequestResponse({ description: 'Not an IANA time zone' })
  async update(
    @CurrentClientAccount() account: ClientAccount,
    @Body() body: UpdateClientSettingsDto,
    @Req() req: Request,
  ): Promise<ClientSettingsDto> {
    if (body.timeZone !== undefined && !isValidZone(body.timeZone)) {
      throw new BadRequestException({ message: 'timeZone must be an IANA time zone such as America/Chicago', field: 'timeZone' });
    }
    const client = await this.em.findOneOrFail(Client, { id: account.client.id });
    if (body.timeZone !== undefined) client.timeZone = body.timeZone;
    if (body.language !== undefined) client.language = body.language;
    if (body.textSize !== undefined) account.textSize = body.textSize;
    if (body.highContrast !== undefined) account.highContrast = body.highContrast;
    if (body.textSize !== undefined || body.highContrast !== undefined)
      await this.em.nativeUpdate(ClientAccount, { id: account.id }, { textSize: account.textSize, highContrast: account.highContrast });
    if (body.timeZone !== undefined || body.language !== undefined) await this.em.flush();
    if (body.marketing !== undefined) {
      await this.ledger.record({
        clientIds: [client.id],
        channels: CONTACT_CHANNELS,
        purposes: ['marketing'],
        optedIn: body.marketing,
        source: 'portal',
        evidence: PORTAL_MARKETING_WORDS[client.language][body.marketing ? 'yes' : 'no'],
        actor: actorOf.client,
        ip: req.ip ?? null,
      });
    }
    return this.view(account);
  }

  private async view(account: ClientAccount): Promise<ClientSettingsDto> {
    const client = await this.em.findOneOrFail(Client, { id: account.client.id });
    const broker = await this.em.findOneOrFail(User, { id: client.broker.id }, { fields: ['timeZone'] });
    const grid = (await this.ledger.grids([client.id])).get(client.id)!;
    const timeZoneFrom = client.timeZone ? 'portal' : zoneOfPlace(client) ? 'place' : areaCodeTimeZone(client.phone) ? 'phone' : 'agency';
    return {
      timeZone: clientTimeZone(client, broker.timeZone),
      timeZoneFrom,
      marketing: CONTACT_CHANNELS.some((channel) => grid[channel].marketing.state === 'granted'),
      language: client.language,
      textSize: account.textSize,
      highContrast: account.highContrast,
    };
  }
}
