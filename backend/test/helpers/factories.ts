import { randomUUID } from 'node:crypto';

import type { EntityManager } from '@mikro-orm/postgresql';

import { Client } from '../../src/clients/client.entity.js';
import { InvitationTokensService } from '../../src/clients/invitation-tokens.service.js';
import { User } from '../../src/users/user.entity.js';
import { realNow } from './clock.js';

/** A broker with a fresh trial; override any field. */
export async function makeUser(em: EntityManager, fields: Partial<User> = {}): Promise<User> {
  const user = em.create(User, {
    firstName: 'Test',
    lastName: 'Broker',
    email: `broker-${randomUUID()}@example.com`,
    trialEndsAt: new Date(realNow().getTime() + 30 * 24 * 60 * 60 * 1000),
    ...fields,
  });
  await em.flush();
  return user;
}

let phoneCounter = 0;

/** A broker's client with a unique phone number. */
/**
 * A client of the broker, with the permission a broker attests when adding them: for reminders and,
 * unless `consent` says otherwise, for marketing, on every channel.
 */
export async function makeClient(
  em: EntityManager,
  broker: User,
  fields: Partial<Client> = {},
  consent: { reminders?: boolean; marketing?: boolean } = { reminders: true, marketing: true },
): Promise<Client> {
  phoneCounter += 1;
  const client = em.create(Client, {
    broker,
    firstName: 'Martha',
    lastName: 'Jones',
    phone: `+1615555${String(1000 + (phoneCounter % 9000)).padStart(4, '0')}`,
    ...fields,
  });
  await em.flush();
  const purposes = [...(consent.reminders ? ['reminders'] : []), ...(consent.marketing ? ['marketing'] : [])];
  await grantConsent(em, [client.id], purposes as ('reminders' | 'marketing')[]);
  return client;
}

/** Records the broker's attestation for these clients on every channel, as Add Client does. */
export async function grantConsent(
  em: EntityManager,
  clientIds: string[],
  purposes: ('reminders' | 'marketing')[] = ['reminders', 'marketing'],
  at?: Date,
): Promise<void> {
  if (clientIds.length === 0 || purposes.length === 0) return;
  await em.execute(
    `insert into consents (client_id, channel, purpose, opted_in, source, evidence, actor, recorded_at)
     select c.id, ch.channel, p.purpose, true, 'broker_added', 'Attested by the broker', 'broker', coalesce(?::timestamptz, clock_timestamp())
       from unnest(?::uuid[]) c(id) cross join unnest(array['voice', 'sms', 'email']) ch(channel) cross join unnest(?::text[]) p(purpose)`,
    [at ?? null, `{${clientIds.join(',')}}`, `{${purposes.join(',')}}`],
  );
}

/** An invitation for the client; answers the token as the invite link would carry it. */
export async function makeInvitation(em: EntityManager, client: Client, now = realNow()): Promise<string> {
  const { token } = await new InvitationTokensService().issue(em, client, now);
  return token;
}
