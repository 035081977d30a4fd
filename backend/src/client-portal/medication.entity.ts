import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';
import { EncryptedText } from '../privacy/phi-crypto.js';

/**
 * A medication a client keeps in their portal: health information. Encrypted at rest; its values
 * are hidden from serialisation, so only the client portal's DTOs (which read them on purpose) show
 * them. The Client entity has no relation back to it, so no client graph can reach it.
 */
@Entity({ tableName: 'medications' })
export class Medication {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index({ name: 'medications_client_idx' })
  @ManyToOne(() => Client, { fieldName: 'client_id', deleteRule: 'cascade' })
  client!: Client;

  @Property({ type: EncryptedText, hidden: true })
  name!: string;

  @Property({ type: EncryptedText, nullable: true, hidden: true })
  dosage?: string | null;

  @Property({ type: EncryptedText, nullable: true, hidden: true })
  frequency?: string | null;

  @Property({ type: EncryptedText, nullable: true, hidden: true })
  instructions?: string | null;

  /** Pills the client had when they last counted (a whole number, encrypted like the rest). */
  @Property({ type: EncryptedText, nullable: true, hidden: true })
  pillsOnHand?: string | null;

  /** Pills the client takes a day (a whole number, encrypted). */
  @Property({ type: EncryptedText, nullable: true, hidden: true })
  pillsPerDay?: string | null;

  /** When pillsOnHand was counted: the supply runs down a day at a time from there. */
  @Property({ type: 'timestamptz', nullable: true })
  pillsCountedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
