import type { EntityManager } from '@mikro-orm/postgresql';
import { TRIAL_DAYS, User } from '../../users/user.entity.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo accounts for a first local start: a broker on a fresh trial, a broker with an active
 * subscription, and a platform admin. Runs only on an empty users table, so a second start
 * (or a real deployment with data) is never touched.
 */
export async function seedDemoData(em: EntityManager, now = new Date()): Promise<boolean> {
  if ((await em.count(User, {})) > 0) return false;
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  em.create(User, {
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana.whitfield@example.com',
    agencyName: 'Whitfield Medicare Advisors',
    agencyPhone: '+16155550142',
    sponsorMessage: 'Brought to you by Whitfield Medicare Advisors. Call us with any plan questions.',
    subscriptionTier: 'flat',
    subscriptionStatus: 'trial',
    trialEndsAt,
  });
  em.create(User, {
    firstName: 'Marcus',
    lastName: 'Reyes',
    email: 'marcus.reyes@example.com',
    agencyName: 'Reyes Senior Benefits',
    agencyPhone: '+15125550187',
    subscriptionTier: 'pmpm',
    subscriptionStatus: 'active',
    trialEndsAt: new Date(now.getTime() - 10 * DAY_MS),
  });
  em.create(User, {
    firstName: 'Avery',
    lastName: 'Admin',
    email: 'admin@example.com',
    isAdmin: true,
    subscriptionTier: 'flat',
    subscriptionStatus: 'active',
    trialEndsAt,
  });
  await em.flush();
  return true;
}
