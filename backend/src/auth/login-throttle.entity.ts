import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Failed client sign-ins per (username, address), in the database so every app instance sees
 * the same count. The key is a hash; usernames and addresses are not stored here.
 */
@Entity({ tableName: 'login_throttles' })
export class LoginThrottle {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'integer' })
  failures!: number;

  @Property({ type: 'timestamptz' })
  windowStartedAt!: Date;
}
