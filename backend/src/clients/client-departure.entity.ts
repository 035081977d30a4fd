import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { DEPARTURE_REASONS, type DepartureReason } from './client.entity.js';

/**
 * A client leaving the broker's book: deactivated (and maybe back later) or deleted. Kept after the
 * client row is gone, with when the client joined, so monthly retention can count every client
 * the broker had at a month's start (docs/clients.md "Retention"). Names nobody: ids and dates only.
 */
@Entity({ tableName: 'client_departures' })
@Index({ name: 'client_departures_broker_departed_idx', properties: ['brokerId', 'departedAt'] })
@Index({ name: 'client_departures_client_idx', properties: ['clientId'] })
@Check({
  name: 'client_departures_reason_known',
  expression: `reason in (${DEPARTURE_REASONS.map((t) => `'${t}'`).join(', ')})`,
})
export class ClientDeparture {
  [OptionalProps]?: 'deleted' | 'returnedAt' | 'assignedMemberId';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** No foreign key: the departure outlives a deleted broker's client, and goes with the broker. */
  @Property({ type: 'uuid' })
  brokerId!: string;

  @Property({ type: 'uuid' })
  clientId!: string;

  /** When the client joined the broker's book. */
  @Property({ type: 'timestamptz' })
  clientCreatedAt!: Date;

  @Property({ type: 'timestamptz' })
  departedAt!: Date;

  /** When the client was made active again (null: still gone). */
  @Property({ type: 'timestamptz', nullable: true })
  returnedAt?: Date | null;

  @Property({ type: 'text' })
  reason!: DepartureReason;

  /** The broker deleted the client (a deleted client never returns). */
  @Property({ type: 'boolean', default: false })
  deleted: boolean = false;

  /**
   * The member a deleted client was assigned to, so that the client still counts as lost in that
   * member's retention ("mine"). No foreign key: the figure outlives a removed member. Null: nobody,
   * or deleted before this was kept (those count in the agency's figures only).
   */
  @Property({ type: 'uuid', nullable: true })
  assignedMemberId?: string | null;
}
