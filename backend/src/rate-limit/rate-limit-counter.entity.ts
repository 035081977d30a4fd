import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Requests counted per rate-limit window, shared by every app instance. The key is a hash of the
 * limit's name and who is counted (an address, a username, a user id), none of which is stored.
 * The table is UNLOGGED (see its migration): counters need no crash safety or replicas.
 */
@Entity({ tableName: 'rate_limit_counters' })
export class RateLimitCounter {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'integer' })
  hits!: number;

  /** When the window ends, or the block when the limit was passed; then counting starts again. */
  @Property({ type: 'timestamptz' })
  resetsAt!: Date;
}
