import { randomUUID } from 'node:crypto';

import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

import { ClientAccount } from '../../auth/client-account.entity.js';
import { hashPassword } from '../../auth/passwords.js';
import { Client, type DepartureReason, type PlanType } from '../../clients/client.entity.js';
import { DeparturesRepository } from '../../clients/departures.repository.js';
import { engagementScore, NO_SIGNALS } from '../../clients/engagement.js';
import { InvitationTokensService } from '../../clients/invitation-tokens.service.js';
import { ATTESTATIONS } from '../../consent/attestations.js';
import { Consent } from '../../consent/consent.entity.js';
import { Member } from '../../members/member.entity.js';
import { TRIAL_DAYS, User } from '../../users/user.entity.js';
import { seedDemoAdherence } from './demo-adherence.seeder.js';
import { seedDemoCommissions } from './demo-commissions.seeder.js';
import { seedDemoContact } from './demo-contact.seeder.js';
import { seedDemoHistory } from './demo-history.seeder.js';
import { seedDemoInbox } from './demo-inbox.seeder.js';
import { seedDemoPolicy } from './demo-policies.seeder.js';
import { seedDemoSoas } from './demo-soas.seeder.js';
import { seedDemoTasks } from './demo-tasks.seeder.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo accounts for a first local start: a broker on a fresh trial (an agency of three: its owner,
 * an agent and an assistant), a broker with an active subscription, and a platform admin; and a year of the platform's history (seven more brokers
 * with their clients, and the month-end snapshots the admin's trends read). Runs only on an empty
 * users table, so a second start (or a real deployment with data) is never touched.
 */
export async function seedDemoData(em: EntityManager, now = new Date()): Promise<boolean> {
  if ((await em.count(User, {})) > 0) return false;
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const dana = em.create(User, {
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana.whitfield@example.com',
    agencyName: 'Whitfield Medicare Advisors',
    agencyPhone: '+16155550142',
    sponsorMessage: 'Brought to you by Whitfield Medicare Advisors. Call us with any plan questions.',
    agencyAddress: '410 Church Street, Suite 200, Nashville, TN 37219',
    sellsPlans: true,
    tpmoOrganizations: 4,
    tpmoPlans: 22,
    tpmoAnsweredAt: now,
    subscriptionTier: 'flat',
    subscriptionStatus: 'trial',
    trialEndsAt,
  });
  const marcus = em.create(User, {
    firstName: 'Marcus',
    lastName: 'Reyes',
    email: 'marcus.reyes@example.com',
    agencyName: 'Reyes Senior Benefits',
    agencyPhone: '+15125550187',
    agencyAddress: '1800 Congress Avenue, Austin, TX 78701',
    sellsPlans: true,
    tpmoAnsweredAt: now,
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
  // Dana's agency is a team: Dana owns it, Luis is an agent with a book of his own, Ana an assistant.
  const [owner] = await em.find(Member, { agencyId: dana.id });
  const luis = em.create(Member, {
    agencyId: dana.id,
    email: 'luis.ortega@example.com',
    firstName: 'Luis',
    lastName: 'Ortega',
    role: 'agent',
    createdAt: new Date(now.getTime() - 300 * DAY_MS),
  });
  em.create(Member, {
    agencyId: dana.id,
    email: 'ana.ruiz@example.com',
    firstName: 'Ana',
    lastName: 'Ruiz',
    role: 'assistant',
    createdAt: new Date(now.getTime() - 120 * DAY_MS),
  });
  await em.flush();
  await seedDemoClients(em, dana, now, (i) => (i % 3 === 1 ? luis.id : owner.id));
  await seedDemoSoas(em, dana, [owner, luis], now);
  await seedDemoTasks(em, dana.id, owner.id, luis.id, now);
  await seedDemoInbox(em, dana.id, owner.id, luis.id, now);
  await seedDemoHistory(em, marcus, now);
  return true;
}

const FIRST_NAMES = [
  'Margaret',
  'Harold',
  'Dorothy',
  'Walter',
  'Betty',
  'Eugene',
  'Shirley',
  'Raymond',
  'Joan',
  'Frank',
  'Barbara',
  'Gerald',
  'Patricia',
  'Ronald',
  'Carol',
  'Kenneth',
  'Nancy',
  'Donald',
  'Judith',
  'Albert',
  'Marilyn',
  'Ernest',
  'Beverly',
  'Lloyd',
  'Gloria',
];
const LAST_NAMES = [
  'Hughes',
  'Patterson',
  'Simmons',
  'Foster',
  'Bryant',
  'Alexander',
  'Russell',
  'Griffin',
  'Hayes',
  'Myers',
  'Ford',
  'Hamilton',
  'Graham',
  'Sullivan',
  'Wallace',
  'Woods',
  'Cole',
  'West',
  'Jordan',
  'Owens',
  'Reynolds',
  'Fisher',
  'Ellis',
  'Harrison',
  'Gibson',
];

/** Carriers as brokers write them. */
export const DEMO_CARRIERS = ['Humana', 'Aetna', 'UnitedHealthcare', 'Anthem', 'Cigna', 'WellCare'];

/**
 * Dana's clients who left over the last year (client index → days ago, why): the inactive ones
 * (every fifth from the fourth), and two who left and came back.
 */
const DEMO_DEPARTURES: Record<number, { daysAgo: number; reason: DepartureReason; backDaysAgo?: number }> = {
  3: { daysAgo: 300, reason: 'switched_agent' },
  5: { daysAgo: 200, reason: 'moved', backDaysAgo: 170 },
  8: { daysAgo: 220, reason: 'moved' },
  10: { daysAgo: 95, reason: 'other', backDaysAgo: 80 },
  13: { daysAgo: 130, reason: 'deceased' },
  18: { daysAgo: 30, reason: 'switched_agent' },
  23: { daysAgo: 20, reason: 'other' },
};

/** Clients Dana deleted during the year: only their departure is left. */
const DEMO_DELETED: { joinedDaysAgo: number; daysAgo: number; reason: DepartureReason }[] = [
  { joinedDaysAgo: 400, daysAgo: 250, reason: 'deceased' },
  { joinedDaysAgo: 300, daysAgo: 45, reason: 'switched_agent' },
];

/**
 * A demo client's facts, from their place in the book: three turn 65 within the next 45 days (not on
 * Medicare yet: no plan), four have their birthday this month, the others are 66 to 88; plans mostly
 * Medicare Advantage from 1 January, some with an anniversary coming up; a few without a carrier.
 */
export function demoClientFacts(
  i: number,
  now: Date,
): { dateOfBirth: string; planType: PlanType | null; planEffectiveDate: string | null; carrier: string | null } {
  const today = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('day');
  if (i % 5 === 1 && i < 15) {
    return {
      dateOfBirth: today
        .plus({ days: 10 + 15 * Math.floor(i / 5) })
        .minus({ years: 65 })
        .toISODate()!,
      planType: null,
      planEffectiveDate: null,
      carrier: null,
    };
  }
  const birthday =
    i % 5 === 2 ? today.set({ day: 1 + ((i * 7) % 28) }) : today.set({ month: 1 + ((i * 5) % 12), day: 1 + ((i * 11) % 28) });
  const dateOfBirth = birthday.minus({ years: 66 + ((i * 7) % 23) }).toISODate()!;
  const planType = (['medicare_advantage', 'part_d', 'medicare_advantage', 'medigap', 'other'] as const)[i % 5];
  const planEffectiveDate =
    i % 6 === 4
      ? today.plus({ months: 1 }).startOf('month').minus({ years: 1 }).toISODate()!
      : today
          .startOf('year')
          .minus({ years: i % 3 === 0 ? 1 : 0 })
          .toISODate()!;
  return { dateOfBirth, planType, planEffectiveDate, carrier: i % 8 === 7 ? null : DEMO_CARRIERS[i % DEMO_CARRIERS.length] };
}

/** Password of the demo clients who have a portal account (usernames firstname.lastname). */
export const DEMO_CLIENT_PASSWORD = 'demo-client-password';

/**
 * The demo broker's book: 25 clients who joined over the last 18 months, 5 of them no longer
 * active (and 2 deleted), 6 registered in the portal (usernames like margaret.hughes), 5 with an
 * invitation waiting, the rest not yet invited; their dates of birth, plans and carriers, and a year
 * of departures for the retention chart. Margaret Hughes has a month of reminder history.
 */
async function seedDemoClients(em: EntityManager, broker: User, now: Date, lookedAfterBy: (i: number) => string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_CLIENT_PASSWORD);
  const invitations = new InvitationTokensService();
  const departures = new DeparturesRepository();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  for (let i = 0; i < FIRST_NAMES.length; i++) {
    const firstName = FIRST_NAMES[i];
    const lastName = LAST_NAMES[i];
    const createdAt = new Date(now.getTime() - (540 - i * 21) * DAY_MS);
    const isActive = i % 5 !== 3;
    const departure = DEMO_DEPARTURES[i];
    const client = em.create(Client, {
      broker,
      firstName,
      lastName,
      email: i % 3 === 0 ? null : `${firstName}.${lastName}@example.com`.toLowerCase(),
      phone: `+1615555${String(2100 + i).padStart(4, '0')}`,
      // Nashville numbers: Central time; a few live in Florida for the winter.
      timeZone: 'America/Chicago',
      zip: i % 9 === 4 ? '33602' : '37203',
      state: i % 9 === 4 ? 'FL' : 'TN',
      isActive,
      deactivatedAt: isActive ? null : daysAgo(departure.daysAgo),
      departureReason: isActive ? null : departure.reason,
      ...demoClientFacts(i, now),
      assignedMemberId: lookedAfterBy(i),
      createdAt,
    });
    seedDemoPolicy(
      em,
      client,
      i,
      demoClientFacts(i, now),
      isActive ? null : { on: daysAgo(departure.daysAgo), reason: departure.reason },
      lookedAfterBy(i),
      now,
    );
    const registered = isActive && i % 4 === 0;
    if (registered) {
      em.create(ClientAccount, {
        client,
        username: `${firstName}.${lastName}`.toLowerCase(),
        passwordHash,
        lastSignInAt: i % 8 === 0 ? new Date(now.getTime() - 3 * DAY_MS) : null,
      });
    }
    client.engagementScore = engagementScore({ ...NO_SIGNALS, registered, signedInLast30Days: registered && i % 8 === 0 });
    // The broker's attestations when adding them: reminders for all; marketing for most, some of it
    // given almost a year ago (about to lapse), a few never.
    for (const channel of ['voice', 'sms', 'email'] as const) {
      em.create(Consent, {
        clientId: client.id,
        channel,
        purpose: 'reminders',
        optedIn: true,
        source: 'broker_added',
        evidence: ATTESTATIONS.reminders,
        actor: `broker:${broker.id}`,
        recordedAt: createdAt,
      });
      if (i % 6 !== 5) {
        const given = new Date(i % 7 === 2 ? now.getTime() - 350 * DAY_MS : Math.max(createdAt.getTime(), now.getTime() - 200 * DAY_MS));
        em.create(Consent, {
          clientId: client.id,
          channel,
          purpose: 'marketing',
          optedIn: true,
          source: 'broker_added',
          evidence: ATTESTATIONS.marketing,
          actor: `broker:${broker.id}`,
          recordedAt: given,
        });
      }
    }
    await em.flush();
    if (departure) {
      await departures.depart(em, broker.id, [client], departure.reason, daysAgo(departure.daysAgo));
      if (departure.backDaysAgo !== undefined) await departures.returned(em, [client.id], daysAgo(departure.backDaysAgo));
    }
    if (isActive && !registered && i % 4 === 1) await invitations.issue(em, client, now);
    // The first one keeps a month of medication reminders in the portal (History, caregivers).
    if (i === 0) await seedDemoAdherence(em, client, now);
    if (isActive) await seedDemoContact(em, client, i, now);
  }
  await seedDemoCommissions(em, broker.id, DEMO_CARRIERS, now);
  for (const gone of DEMO_DELETED) {
    await departures.deleted(
      em,
      broker.id,
      [{ id: randomUUID(), createdAt: daysAgo(gone.joinedDaysAgo), isActive: true }],
      gone.reason,
      daysAgo(gone.daysAgo),
    );
  }
}
