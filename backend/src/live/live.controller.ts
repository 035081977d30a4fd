import { Controller, Get, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';

import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentMember, type RequestMember } from '../auth/access.decorators.js';
import { LiveService, STREAMS_PER_MEMBER } from './live.service.js';
import { LIVE_TOPICS } from './live-event.js';

@ApiTags('live')
@Controller('live')
@TokenScopes({ read: 'clients:read' })
@BrokerOnly()
export class LiveController {
  constructor(private readonly live: LiveService) {}

  @Get()
  @ApiOperation({
    summary: 'Live updates: a stream of server-sent events telling the app what to fetch again',
    description:
      'A `text/event-stream` that stays open. It starts with an event `ready`, then sends an event named by the topic ' +
      `(${LIVE_TOPICS.map((t) => `\`${t}\``).join(', ')}) whenever something of it changes for the agency — kept to the ` +
      'member’s clients for an agent who sees only their own — with `data` naming at most the client and the item ' +
      '(`{"clientId": "…", "id": "…"}`), never their contents: fetch them through the usual routes. `reset` means events ' +
      'may have been missed: fetch everything again. A comment line comes every 25 s; the stream ends after 5 minutes ' +
      `and is opened again by the browser (\`retry\`). At most ${STREAMS_PER_MEMBER} streams per member.`,
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: 'The stream',
    content: {
      'text/event-stream': {
        schema: { type: 'string' },
        example:
          'retry: 3000\nevent: ready\ndata: {}\n\nevent: inbox\ndata: {"clientId":"0192f0a4-6d1c-7c55-9d0e-2b7e4c1a9f01","id":null}\n\n',
      },
    },
  })
  @ApiTooManyRequestsResponse({ description: `The member holds ${STREAMS_PER_MEMBER} streams already` })
  @ApiServiceUnavailableResponse({ description: 'The instance is stopping: open the stream again (another instance takes it)' })
  stream(@CurrentMember() member: RequestMember, @Res() res: Response): void {
    this.live.open(member, res);
  }
}
