import { randomUUID } from 'node:crypto';

import type { EntityManager } from '@mikro-orm/postgresql';

import { Client } from '../../src/clients/client.entity.js';
import { InvitationTokensService } from '../../src/clients/invitation-tokens.service.js';
import { User } from '../../src/users/user.entity.js';

/** A broker with a fresh trial; override any field. */
export async function makeUser(em: EntityManager, fields: Partial<User> = {}): Promise<User> {
  const user = em.create(User, {
    firstName: 'Test',
    lastName: 'Broker',
    email: `broker-${randomUUID()}@example.com`,
    trialEndsAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    ...fields,
  });
  await em.flush();
  return user;
}

let phoneCounter = 0;

/** A broker's client with a unique phone number. */
export async function makeClient(em: EntityManager, broker: User, fields: Partial<Client> = {}): Promise<Client> {
  phoneCounter += 1;
  const client = em.create(Client, {
    broker,
    firstName: 'Martha',
    lastName: 'Jones',
    phone: `+1615555${String(1000 + (phoneCounter % 9000)).padStart(4, '0')}`,
    ...fields,
  });
  await em.flush();
  return client;
}

/** An invitation for the client; answers the token as the invite link would carry it. */
export async function makeInvitation(em: EntityManager, client: Client, now = new Date()): Promise<string> {
  const { token } = await new InvitationTokensService().issue(em, client, now);
  return token;
}
