import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { User } from '../users/user.entity.js';
import { Client } from './client.entity.js';

export const CONTACT_FIELDS = ['phone', 'email'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_CHANGE_STATUSES = ['pending', 'confirmed', 'refused', 'withdrawn'] as const;
export type ContactChangeStatus = (typeof CONTACT_CHANGE_STATUSES)[number];

/**
 * A broker's request to change a registered client's phone or e-mail. Reminders carry the client's
 * private health data, so the new contact takes effect only once the client confirms it in their
 * portal; until then every message keeps going to the old one. Contact data only, no health data.
 */
@Entity({ tableName: 'client_contact_changes' })
@Check({ name: 'client_contact_changes_field_check', expression: `field in ('phone', 'email')` })
@Check({ name: 'client_contact_changes_status_check', expression: `status in ('pending', 'confirmed', 'refused', 'withdrawn')` })
// At most one open request per client and field: a newer request replaces the older one.
@Index({
  name: 'client_contact_changes_pending_unique',
  expression: `create unique index "client_contact_changes_pending_unique" on "client_contact_changes" ("client_id", "field") where "status" = 'pending'`,
})
@Index({ name: 'client_contact_changes_client_idx', properties: ['client', 'requestedAt'] })
@Index({ name: 'client_contact_changes_broker_decided_idx', properties: ['broker', 'decidedAt'] })
export class ContactChange {
  [OptionalProps]?: 'status' | 'requestedAt' | 'decidedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Client, { fieldName: 'client_id', deleteRule: 'cascade' })
  client!: Client;

  /** The broker who asked. */
  @ManyToOne(() => User, { fieldName: 'broker_id', deleteRule: 'cascade' })
  broker!: User;

  @Property({ type: 'text' })
  field!: ContactField;

  /** The contact in use when the change was asked for (null: the client had no e-mail). */
  @Property({ type: 'text', nullable: true })
  oldValue!: string | null;

  /** The contact asked for (null: remove the e-mail). */
  @Property({ type: 'text', nullable: true })
  newValue!: string | null;

  @Property({ type: 'text', default: 'pending' })
  status: ContactChangeStatus = 'pending';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  requestedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;
}
