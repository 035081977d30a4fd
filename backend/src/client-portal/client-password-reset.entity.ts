import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

import { ClientAccount } from '../auth/client-account.entity.js';

export const PASSWORD_RESET_KINDS = ['sms', 'email'] as const;
export type PasswordResetKind = (typeof PASSWORD_RESET_KINDS)[number];

/**
 * A client's open or used password reset: a 6-digit code sent by text, or a link sent by e-mail.
 * Only an argon2id hash of the code or of the link's secret is kept. A new request replaces the
 * open ones; a code refused 5 times is void.
 */
@Entity({ tableName: 'client_password_resets' })
@Index({ name: 'client_password_resets_account_idx', properties: ['account', 'createdAt'] })
export class ClientPasswordReset {
  [OptionalProps]?: 'attempts' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => ClientAccount, { fieldName: 'client_account_id', deleteRule: 'cascade' })
  account!: ClientAccount;

  @Enum({ items: [...PASSWORD_RESET_KINDS] })
  kind!: PasswordResetKind;

  @Property({ type: 'text', hidden: true })
  secretHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  /** Wrong codes tried against it; at MAX_CODE_ATTEMPTS it no longer works. */
  @Property({ type: 'smallint', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
