import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The next free send slot of one provider channel (voice, sms, email), shared by every instance:
 * the cluster-wide pace of ClusterSendRate.
 */
@Entity({ tableName: 'send_rate_slots' })
export class SendRateSlot {
  @PrimaryKey({ type: 'text' })
  channel!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAt: Date = new Date();
}
