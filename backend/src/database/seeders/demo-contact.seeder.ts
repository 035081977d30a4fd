import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

import type { Client } from '../../clients/client.entity.js';
import { EngagementDay } from '../../clients/engagement-day.entity.js';
import { Delivery } from '../../delivery/delivery.entity.js';
import { Reminder } from '../../reminders/reminder.entity.js';

/** The demo clients who went quiet: three unanswered calls in three weeks and falling engagement (high risk). */
export const DEMO_QUIET_CLIENTS = new Set([2, 7, 14]);
/** Demo clients the broker has not been in touch with for months (medium risk). */
const UNTOUCHED = (i: number) => i % 6 === 1;

/**
 * The demo broker's recent contact with a client, so the at-risk scores on first start tell clients
 * apart: most had a plan-review reminder call answered and confirmed last week; a few went quiet
 * (three calls unanswered, engagement down 30 points in a month); some were not contacted lately.
 */
export async function seedDemoContact(em: EntityManager, client: Client, i: number, now: Date): Promise<void> {
  if (i === 0 || UNTOUCHED(i)) return;
  const zone = client.timeZone ?? 'America/Chicago';
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const quiet = DEMO_QUIET_CLIENTS.has(i);
  const days = quiet ? [3, 10, 17] : [5 + (i % 4)];
  for (const daysAgo of days) {
    const at = today.minus({ days: daysAgo }).set({ hour: 10 }).toJSDate();
    const reminder = em.create(Reminder, {
      broker: client.broker,
      client,
      scheduledTime: at,
      deliverAfter: at,
      deliveryMethod: 'voice',
      message: 'A quick call about your plan review for next year.',
      status: quiet ? 'failed' : 'completed',
      dispatchedAt: at,
      createdAt: new Date(at.getTime() - 2 * 24 * 60 * 60 * 1000),
    });
    em.create(Delivery, {
      brokerId: client.broker.id,
      clientId: client.id,
      reminderId: reminder.id,
      occurrenceAt: at,
      notBefore: at,
      channel: 'voice',
      recipient: client.phone,
      status: quiet ? 'failed' : 'completed',
      attempts: quiet ? 2 : 1,
      confirmWithinMinutes: 10,
      answeredBy: quiet ? null : 'human',
      confirmedAt: quiet ? null : new Date(at.getTime() + 60_000),
      error: quiet ? 'No answer' : null,
      costCents: 2,
      createdAt: at,
    });
  }
  if (quiet)
    em.create(EngagementDay, {
      client,
      day: today.minus({ days: 31 }).toISODate()!,
      score: Math.min(100, client.engagementScore + 30),
    });
  await em.flush();
}
