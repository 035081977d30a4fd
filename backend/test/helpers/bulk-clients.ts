import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * SQL for the id of the `n`-th row of a batch added in one statement: a version 7 uuid, as the app
 * gives a client (timeOrderedUuid), one millisecond apart, so the batch sorts in the order it was
 * added and its index writes land at the end of the indexes, as a large import's do.
 */
export function timeOrderedIdSql(n: string): string {
  return `(lpad(to_hex((extract(epoch from now()) * 1000)::bigint + ${n}), 12, '0') || '7'
           || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid`;
}

export interface BulkClients {
  /** Last names are this followed by the client's number. */
  lastName: string;
  /** Phone numbers are this (a country and area code) followed by the number, seven digits. */
  phonePrefix: string;
  /** E-mail addresses are this followed by the number, at example.com; none when left out. */
  emailPrefix?: string;
  timeZone?: string | null;
}

/** `count` active clients of the broker, numbered from 1, added in one statement. */
export async function insertClients(em: EntityManager, brokerId: string, count: number, fields: BulkClients): Promise<void> {
  await em.execute(
    `insert into clients (id, broker_id, first_name, last_name, phone, email, time_zone)
     select ${timeOrderedIdSql('n')}, ?, 'Client', ? || n, ? || lpad(n::text, 7, '0'),
            case when ?::text is null then null else ? || n || '@example.com' end, ?
       from generate_series(1, ?) n`,
    [brokerId, fields.lastName, fields.phonePrefix, fields.emailPrefix ?? null, fields.emailPrefix ?? null, fields.timeZone ?? null, count],
  );
}

/**
 * Records the broker's attestation for every one of their clients, as Add Client does for one
 * (see grantConsent), in one statement: for `purposes` on `channels` (every channel unless given).
 */
export async function grantConsentToAllClients(
  em: EntityManager,
  brokerId: string,
  purposes: ('reminders' | 'marketing')[],
  channels: ('voice' | 'sms' | 'email')[] = ['voice', 'sms', 'email'],
): Promise<void> {
  await em.execute(
    `insert into consents (client_id, channel, purpose, opted_in, source, evidence, actor, recorded_at)
     select c.id, ch.channel, p.purpose, true, 'broker_added', 'Attested by the broker', 'broker', clock_timestamp()
       from clients c cross join unnest(?::text[]) ch(channel) cross join unnest(?::text[]) p(purpose)
      where c.broker_id = ?`,
    [`{${channels.join(',')}}`, `{${purposes.join(',')}}`, brokerId],
  );
}
