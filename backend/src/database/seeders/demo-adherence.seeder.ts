import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

import { Caregiver } from '../../client-portal/caregiver.entity.js';
import { ClientReminder } from '../../client-portal/client-reminder.entity.js';
import { Medication } from '../../client-portal/medication.entity.js';
import type { Client } from '../../clients/client.entity.js';
import { Delivery } from '../../delivery/delivery.entity.js';

/** Days of the demo history that ended without a confirmation (days ago). */
const MISSED_DAYS = new Set([4, 11, 19]);
/** Days confirmed by a reply to a text rather than a key on the call. */
const TEXT_DAYS = new Set([2, 9, 16, 24]);

/**
 * A month of a demo client's own medication reminder, for a first look at the portal's History:
 * a medication running low (5 days of pills left), a daily 8:00 reminder, a caregiver who agreed to alerts, and 30 days of
 * occurrences — confirmed most days, three not confirmed after two tries (each with the
 * caregiver's alert).
 */
export async function seedDemoAdherence(em: EntityManager, client: Client, now: Date): Promise<void> {
  const zone = client.timeZone ?? 'America/Chicago';
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const at8 = (daysAgo: number) => today.minus({ days: daysAgo }).set({ hour: 8 }).toJSDate();
  // 30 pills counted 25 days ago, one a day: running low (the portal's refill warning).
  const medication = em.create(Medication, {
    client,
    name: 'Lisinopril',
    dosage: '10 mg',
    frequency: 'Once a day',
    pillsOnHand: '30',
    pillsPerDay: '1',
    pillsCountedAt: today.minus({ days: 25 }).set({ hour: 9 }).toJSDate(),
  });
  const reminder = em.create(ClientReminder, {
    client,
    medicationId: medication.id,
    message: 'Morning pills',
    deliveryMethod: 'voice',
    scheduledTime: at8(31),
    timeZone: zone,
    isRecurring: true,
    recurrencePattern: 'daily',
    nextOccurrenceAt: at8(now.getTime() < at8(0).getTime() ? 0 : -1),
    createdAt: at8(32),
  });
  const caregiver = em.create(Caregiver, {
    client,
    name: 'Susan Hughes',
    relationship: 'Daughter',
    phone: '+16155552199',
    status: 'active',
    invitedAt: at8(31),
    optedInAt: new Date(at8(31).getTime() + 20 * 60_000),
  });
  const broker = client.broker.id;
  for (let daysAgo = 1; daysAgo <= 30; daysAgo++) {
    const occurrenceAt = at8(daysAgo);
    const missed = MISSED_DAYS.has(daysAgo);
    const text = TEXT_DAYS.has(daysAgo);
    em.create(Delivery, {
      brokerId: broker,
      clientId: client.id,
      clientReminderId: reminder.id,
      occurrenceAt,
      notBefore: occurrenceAt,
      channel: text ? 'sms' : 'voice',
      recipient: client.phone,
      status: 'completed',
      attempts: missed ? 2 : 1,
      confirmWithinMinutes: 10,
      answeredBy: text ? null : missed ? 'machine_end_beep' : 'human',
      confirmedAt: missed ? null : new Date(occurrenceAt.getTime() + (text ? 6 : 1) * 60_000),
      error: missed ? 'Not confirmed' : null,
      costCents: missed ? 4 : text ? 1 : 2,
      createdAt: occurrenceAt,
    });
    if (missed) {
      em.create(Delivery, {
        brokerId: broker,
        clientId: client.id,
        caregiverId: caregiver.id,
        caregiverMessage: 'alert',
        occurrenceAt,
        notBefore: new Date(occurrenceAt.getTime() + 21 * 60_000),
        channel: 'sms',
        recipient: caregiver.phone!,
        status: 'completed',
        attempts: 1,
        costCents: 1,
        createdAt: new Date(occurrenceAt.getTime() + 21 * 60_000),
      });
    }
  }
  await em.flush();
}
