import { BigIntType, OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { type Channel, CHANNELS } from '../messaging/outbox-message.entity.js';

/**
 * What a message is for: `reminders` (informational — the client's own reminders and the broker's
 * one-time ones) or `marketing` (campaigns and the sponsor message).
 */
export const CONSENT_PURPOSES = ['reminders', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How a consent event came about. */
export const CONSENT_SOURCES = [
  'broker_added',
  'import',
  'invitation',
  'portal',
  'keyword',
  'free_text',
  'unsubscribe_link',
  'voice_keypress',
  'bounce',
  'complaint',
  'renewal',
  'admin',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * The consent ledger: every time a client's permission to be contacted on a channel for a purpose
 * was given or taken back — how, when, by whom and with what evidence. Append-only: a client's
 * current state on a channel and purpose is derived from their latest event (see ConsentLedger).
 */
@Entity({ tableName: 'consents' })
@Index({ name: 'consents_client_channel_idx', properties: ['clientId', 'channel', 'purpose', 'recordedAt'] })
@Index({ name: 'consents_recorded_idx', properties: ['recordedAt'] })
export class Consent {
  [OptionalProps]?: 'recordedAt' | 'evidence' | 'actor' | 'ip';

  /**
   * The event's number: the order events were appended in (it breaks a tie between events recorded
   * at the same instant). A sequence rather than a random uuid: appending then extends the index at
   * its end instead of touching a random page of it, which halves the cost of the three rows an
   * imported client writes (docs/performance.md).
   */
  @PrimaryKey({ type: new BigIntType('string'), autoincrement: true })
  id!: string;

  @Property({ type: 'uuid' })
  clientId!: string;

  @Enum({ items: [...CHANNELS] })
  channel!: Channel;

  @Enum({ items: [...CONSENT_PURPOSES], default: 'marketing' })
  purpose!: ConsentPurpose;

  @Property({ type: 'boolean' })
  optedIn!: boolean;

  @Enum({ items: [...CONSENT_SOURCES] })
  source!: ConsentSource;

  /**
   * What proves it: the attestation text the broker confirmed, the words of the reply, the
   * unsubscribe or bounce notice.
   */
  @Property({ type: 'text', nullable: true })
  evidence?: string | null;

  /** Who: `broker:<id>`, `admin:<id>`, `client`, `recipient` (a reply or a link) or `system`. */
  @Property({ type: 'text', nullable: true })
  actor?: string | null;

  /** The address a web request (portal, link) came from. */
  @Property({ type: 'text', nullable: true })
  ip?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  recordedAt: Date = new Date();
}
