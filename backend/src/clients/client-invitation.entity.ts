import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { Client } from './client.entity.js';

/** An invitation for a client to create their portal account. Only the token's hash is stored. */
@Entity({ tableName: 'client_invitations' })
export class ClientInvitation {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index({ name: 'client_invitations_client_id_idx' })
  @ManyToOne(() => Client, { fieldName: 'client_id', deleteRule: 'cascade' })
  client!: Client;

  /** SHA-256 of the token, hex. */
  @Property({ type: 'text', unique: 'client_invitations_token_hash_unique' })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  acceptedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
