import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';

/** How large the portal's text is: the browser's size, an eighth larger, a quarter larger. */
export const TEXT_SIZES = ['normal', 'large', 'extra_large'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

/**
 * A client's portal sign-in: username (stored lower-case) and an argon2id password hash; and how
 * the portal shows itself to them (text size, high contrast), kept with the account so that every
 * device they sign in on starts that way.
 */
@Entity({ tableName: 'client_accounts' })
@Check({ name: 'client_accounts_text_size_known', expression: `text_size in (${TEXT_SIZES.map((size) => `'${size}'`).join(', ')})` })
export class ClientAccount {
  [OptionalProps]?: 'createdAt' | 'textSize' | 'highContrast';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @OneToOne(() => Client, { fieldName: 'client_id', owner: true, deleteRule: 'cascade', unique: 'client_accounts_client_id_unique' })
  client!: Client;

  @Property({ type: 'text', unique: 'client_accounts_username_unique' })
  username!: string;

  @Property({ type: 'text', hidden: true, lazy: true })
  passwordHash!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastSignInAt?: Date | null;

  @Property({ type: 'text', default: 'normal' })
  textSize: TextSize = 'normal';

  @Property({ type: 'boolean', default: false })
  highContrast: boolean = false;
}
