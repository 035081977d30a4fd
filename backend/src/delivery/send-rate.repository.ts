import type { EntityManager } from '@mikro-orm/postgresql';

import type { Channel } from '../messaging/outbox-message.entity.js';

/** The SQL on `send_rate_slots`: one row per channel holding its next free slot, on the database's clock. */
export class SendRateRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Takes the channel's next slot and moves it on by `intervalSeconds`, unless that slot is more
   * than `maxWaitSeconds` away; answers the milliseconds to wait, or undefined when nothing was taken.
   */
  async take(channel: Channel, intervalSeconds: number, maxWaitSeconds: number): Promise<number | undefined> {
    const [row] = await this.em.getConnection().execute<{ wait_ms: number }[]>(
      `with slot as (
         select channel, greatest(next_at, clock_timestamp()) as at from send_rate_slots where channel = ? for update
       )
       update send_rate_slots s set next_at = slot.at + make_interval(secs => ?::float8)
         from slot
        where s.channel = slot.channel and slot.at <= clock_timestamp() + make_interval(secs => ?::float8)
       returning greatest(0, extract(epoch from slot.at - clock_timestamp()) * 1000)::float8 as wait_ms`,
      [channel, intervalSeconds, maxWaitSeconds],
    );
    return row ? Number(row.wait_ms) : undefined;
  }

  /** Milliseconds until the channel's next slot (0 when it is free now or has none). */
  async waitMs(channel: Channel): Promise<number> {
    const [row] = await this.em
      .getConnection()
      .execute<{ wait_ms: number }[]>(
        `select greatest(0, extract(epoch from next_at - clock_timestamp()) * 1000)::float8 as wait_ms from send_rate_slots where channel = ?`,
        [channel],
      );
    return row ? Number(row.wait_ms) : 0;
  }

  /** The channel's row, if it has none yet. */
  async ensure(channel: Channel): Promise<void> {
    await this.em.getConnection().execute(`insert into send_rate_slots (channel) values (?) on conflict do nothing`, [channel]);
  }
}
