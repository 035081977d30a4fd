import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** Provider callbacks already applied (e.g. `twilio:CA123:completed`), so a repeat changes nothing. */
@Entity({ tableName: 'webhook_events' })
export class WebhookEvent {
  [OptionalProps]?: 'receivedAt';

  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  receivedAt: Date = new Date();
}
