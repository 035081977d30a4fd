import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { Client } from '../clients/client.entity.js';

/** A client's portal sign-in: username (stored lower-case) and an argon2id password hash. */
@Entity({ tableName: 'client_accounts' })
export class ClientAccount {
  [OptionalProps]?: 'createdAt';

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
}
