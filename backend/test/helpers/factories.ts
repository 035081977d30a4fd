import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
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
