import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';
import { EncryptedText } from '../privacy/phi-crypto.js';

/**
 * invited: asked, no answer yet (nothing else is sent); active: agreed (replied YES, or pressed Yes on
 * the e-mail's page); stopped: replied STOP or stopped the e-mails.
 */
export const CAREGIVER_STATUSES = ['invited', 'active', 'stopped'] as const;
export type CaregiverStatus = (typeof CAREGIVER_STATUSES)[number];
export const MAX_CAREGIVERS = 3;

/**
 * Someone a client asked to be told when they miss a reminder: part of the client's private data,
 * readable only through the client's own routes. Reached by text or by e-mail, never both. Name and
 * relationship are encrypted at rest; the phone number stays searchable, since a reply (YES, STOP)
 * names only the number it came from; an e-mail caregiver answers through the links of a token.
 */
@Entity({ tableName: 'caregivers' })
@Unique({ name: 'caregivers_client_phone_unique', properties: ['client', 'phone'] })
@Unique({ name: 'caregivers_client_email_unique', properties: ['client', 'email'] })
@Index({ name: 'caregivers_phone_idx', properties: ['phone'] })
@Check({ name: 'caregivers_one_contact_check', expression: '(phone is null) <> (email is null)' })
export class Caregiver {
  [OptionalProps]?: 'status' | 'createdAt' | 'invitedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Client, { fieldName: 'client_id', deleteRule: 'cascade' })
  client!: Client;

  @Property({ type: EncryptedText, hidden: true })
  name!: string;

  @Property({ type: EncryptedText, nullable: true, hidden: true })
  relationship?: string | null;

  /** E.164: the invitation and alerts go here by text. */
  @Property({ type: 'text', nullable: true })
  phone?: string | null;

  /** Lower-cased: the invitation and alerts go here by e-mail. */
  @Property({ type: 'text', nullable: true })
  email?: string | null;

  /** An e-mail caregiver's links (agree, stop): 64 random hex digits, unguessable. */
  @Property({ type: 'text', nullable: true, unique: 'caregivers_token_unique' })
  token?: string | null;

  @Enum({ items: [...CAREGIVER_STATUSES], default: 'invited' })
  status: CaregiverStatus = 'invited';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  invitedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  optedInAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  stoppedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
