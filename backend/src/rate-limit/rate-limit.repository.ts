import { EntityManager, type QueryResult } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A key's shared count after an addition, and the milliseconds left in its window. */
export interface CounterRow {
  hits: number;
  ms_left: number;
}

/** The SQL on `rate_limit_counters`, the counts every instance shares. */
@Injectable()
export class RateLimitRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Adds `hits` to the key's count in one statement: a new window when the last one ended, and the
   * block (`blockDuration`) from the hit that goes over `limit`.
   */
  add(key: string, hits: number, ttl: number, limit: number, blockDuration: number): Promise<CounterRow> {
    return this.em.execute<CounterRow>(
      `insert into rate_limit_counters as c (key, hits, resets_at) values (?, ?, now() + ? * interval '1 millisecond')
       on conflict (key) do update set
         hits = case when c.resets_at <= now() then excluded.hits else c.hits + excluded.hits end,
         resets_at = case when c.resets_at <= now() then excluded.resets_at
                          when c.hits <= ? and c.hits + excluded.hits > ? then greatest(c.resets_at, now() + ? * interval '1 millisecond')
                          else c.resets_at end
       returning hits, (extract(epoch from resets_at - now()) * 1000)::float8 as ms_left`,
      [key, hits, ttl, limit, limit, blockDuration],
      'get',
    );
  }

  /** Deletes the counters whose window has ended; answers how many. */
  async deleteEnded(): Promise<number> {
    const result = await this.em.execute<QueryResult>('delete from rate_limit_counters where resets_at <= now()', [], 'run');
    return result.affectedRows;
  }
}
