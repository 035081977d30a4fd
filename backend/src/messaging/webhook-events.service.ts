import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The provider events already applied (`webhook_events`): each Twilio or Stripe event takes effect once. */
@Injectable()
export class WebhookEventsService {
  constructor(private readonly em: EntityManager) {}

  /** True the first time `key` is seen; inside `em`'s transaction when given (so the event and its effect commit together). */
  async firstTime(key: string, em: EntityManager = this.em): Promise<boolean> {
    const rows = await em.execute<{ key: string }[]>(
      `insert into webhook_events (key) values (?) on conflict (key) do nothing returning key`,
      [key],
    );
    return rows.length > 0;
  }
}
