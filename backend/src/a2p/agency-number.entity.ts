import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { User } from '../users/user.entity.js';

/** `active`: texts go from it; `port_in_requested`: the agency's own number, being ported (a manual step); `released`: given back. */
export const AGENCY_NUMBER_STATUSES = ['active', 'port_in_requested', 'released'] as const;
export type AgencyNumberStatus = (typeof AGENCY_NUMBER_STATUSES)[number];

/** A phone number an agency texts from, in its own messaging service: inbound texts to it belong to that agency. */
@Entity({ tableName: 'agency_numbers' })
@Index({ name: 'agency_numbers_broker_idx', properties: ['broker'] })
export class AgencyNumber {
  [OptionalProps]?: 'status' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade', mapToPk: true })
  broker!: string;

  /** E.164, unique across agencies. */
  @Property({ type: 'text', unique: 'agency_numbers_e164_unique' })
  e164!: string;

  /** Twilio's incoming phone number (PN…). */
  @Property({ type: 'text', nullable: true })
  phoneNumberSid?: string | null;

  /** The agency's messaging service (MG…) the number is in. */
  @Property({ type: 'text', nullable: true })
  messagingServiceSid?: string | null;

  @Property({ type: 'text', default: 'active' })
  status: AgencyNumberStatus = 'active';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
