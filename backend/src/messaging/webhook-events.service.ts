import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { MessagingRepository } from './messaging.repository.js';

/** The provider events already applied (`webhook_events`): each Twilio or Stripe event takes effect once. */
@Injectable()
export class WebhookEventsService {
  constructor(private readonly messaging: MessagingRepository) {}

  /** True the first time `key` is seen; inside `em`'s transaction when given (so the event and its effect commit together). */
  firstTime(key: string, em?: EntityManager): Promise<boolean> {
    return this.messaging.firstWebhookEvent(key, em);
  }
}
