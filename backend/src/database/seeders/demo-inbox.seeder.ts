import type { EntityManager } from '@mikro-orm/postgresql';

import { Client } from '../../clients/client.entity.js';
import { InboxMessage } from '../../inbox/inbox-message.entity.js';
import { InboxSettings } from '../../inbox/inbox-settings.entity.js';
import { InboxTemplate } from '../../inbox/inbox-template.entity.js';
import { InboxThread } from '../../inbox/inbox-thread.entity.js';
import { DEFAULT_AUTO_REPLY } from '../../inbox/office-hours.service.js';
import { OptOut } from '../../messaging/opt-out.entity.js';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

interface Line {
  /** How long before now. */
  ago: number;
  direction: 'in' | 'out' | 'event';
  kind?: InboxMessage['kind'];
  body?: string;
  member?: string;
}

/**
 * The demo agency's text inbox (docs/messaging.md "Inbox"): the client with the task to answer
 * their text waits for a reply (unread), a conversation answered and done, one assigned to Luis, a
 * confirmation of a reminder (shown as that alone), a client who texted STOP (opted out, as the
 * webhook records it), a text waiting past the agency's promise of a reply, two reply templates,
 * and the agency's office hours with the auto-reply on. Threads of the agency's clients only.
 */
export async function seedDemoInbox(em: EntityManager, agencyId: string, owner: string, agent: string, now: Date): Promise<void> {
  const clients = await em.find(Client, { broker: agencyId, isActive: true }, { orderBy: { createdAt: 'asc' } });
  const thread = (client: Client | undefined, lines: Line[], fields: Partial<InboxThread> = {}) => {
    if (!client) return;
    const sorted = [...lines].sort((a, b) => b.ago - a.ago);
    const last = sorted[sorted.length - 1];
    const lastInbound = sorted.filter((line) => line.direction === 'in').pop();
    const at = (line: Line) => new Date(now.getTime() - line.ago);
    const created = em.create(InboxThread, {
      agency: agencyId,
      phone: client.phone,
      client: client.id,
      lastMessageAt: at(last),
      lastDirection: last.direction,
      preview: last.direction === 'event' ? previewOf(last.kind) : (last.body ?? null),
      lastInboundAt: lastInbound ? at(lastInbound) : null,
      createdAt: at(sorted[0]),
      ...fields,
    });
    for (const line of sorted) {
      em.create(InboxMessage, {
        thread: created.id,
        direction: line.direction,
        kind: line.kind ?? 'text',
        body: line.direction === 'event' ? (line.kind === 'opted_out' ? 'sms' : null) : line.body,
        memberId: line.member ?? null,
        status: line.direction === 'out' ? 'sent' : null,
        createdAt: at(line),
      });
    }
  };

  const [, harold, dorothy, , confirmer, texter, raymond, waiting] = clients;
  // A text left unanswered for five days: past the promise of one business day (the dashboard's card).
  thread(waiting, [{ ago: 5 * DAY_MS, direction: 'in', body: 'My new card has the wrong name on it. What should I do?' }], {
    unreadCount: 1,
    needsReplySince: new Date(now.getTime() - 5 * DAY_MS),
  });
  thread(
    texter,
    [{ ago: 3 * HOUR_MS, direction: 'in', body: 'Hi, can someone call me about my dental coverage? I am home all afternoon.' }],
    { unreadCount: 1, needsReplySince: new Date(now.getTime() - 3 * HOUR_MS), assignedMemberId: texter?.assignedMemberId ?? owner },
  );
  thread(
    harold,
    [
      { ago: 2 * DAY_MS, direction: 'in', body: 'Do you have time this week to go over my plan?' },
      {
        ago: 2 * DAY_MS - 40 * MINUTE_MS,
        direction: 'out',
        body: `Hi ${harold?.firstName}, this is Dana. I can call you Thursday at 10 am. Does that work?`,
        member: owner,
      },
      { ago: 2 * DAY_MS - 55 * MINUTE_MS, direction: 'in', body: 'Thursday at 10 works. Thank you!' },
    ],
    { status: 'done', doneAt: new Date(now.getTime() - 2 * DAY_MS + 60 * MINUTE_MS), assignedMemberId: owner },
  );
  thread(
    dorothy,
    [
      { ago: 26 * HOUR_MS, direction: 'in', body: 'I got a letter from my plan about next year. Is it important?' },
      {
        ago: 25 * HOUR_MS,
        direction: 'out',
        body: `Hi ${dorothy?.firstName}, Luis here. Yes, it is your Annual Notice of Change. I will call you tomorrow to go through it.`,
        member: agent,
      },
      { ago: 30 * MINUTE_MS, direction: 'in', body: 'Great, I am free after 2.' },
    ],
    { unreadCount: 1, needsReplySince: new Date(now.getTime() - 30 * MINUTE_MS), assignedMemberId: agent },
  );
  thread(confirmer, [{ ago: 5 * HOUR_MS, direction: 'event', kind: 'confirmed' }]);
  if (raymond) {
    thread(
      raymond,
      [
        { ago: 4 * DAY_MS, direction: 'in', body: 'Who is this?' },
        {
          ago: 4 * DAY_MS - 10 * MINUTE_MS,
          direction: 'out',
          body: `Hi ${raymond.firstName}, this is Whitfield Medicare Advisors, your Medicare agency.`,
          member: owner,
        },
        { ago: 4 * DAY_MS - 20 * MINUTE_MS, direction: 'event', kind: 'opted_out' },
      ],
      { optedOutAt: new Date(now.getTime() - 4 * DAY_MS + 20 * MINUTE_MS) },
    );
    // As the webhook records a STOP: no more texts to the number.
    em.create(OptOut, { recipient: raymond.phone, channel: 'sms', source: 'sms-keyword' });
  }

  em.create(InboxTemplate, {
    agency: agencyId,
    name: 'Call back',
    body: 'Hi {firstName}, this is {agentName} at {agencyName}. When is a good time to call you?',
  });
  em.create(InboxTemplate, {
    agency: agencyId,
    name: 'Office hours',
    body: 'Thank you for your message, {firstName}. Our office is open 9 to 5, Monday to Friday: {agencyPhone}.',
  });
  // Office hours: weekdays 9 to 5 and Saturday morning, closed on the coming Christmas and New Year's Days, auto-reply on.
  const weekday = { open: '09:00', close: '17:00' };
  const year = now.getUTCMonth() === 11 && now.getUTCDate() > 25 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  em.create(InboxSettings, {
    agency: agencyId,
    week: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: { open: '10:00', close: '13:00' }, sun: null },
    holidays: [
      { date: `${year}-12-25`, name: 'Christmas Day' },
      { date: `${year + 1}-01-01`, name: 'New Year’s Day' },
    ],
    autoReply: true,
    autoReplyEn: DEFAULT_AUTO_REPLY.en,
    autoReplyEs: DEFAULT_AUTO_REPLY.es,
    replyPromiseDays: 1,
  });
  await em.flush();
}

function previewOf(kind: InboxMessage['kind'] | undefined): string {
  if (kind === 'confirmed') return 'Confirmed a reminder';
  if (kind === 'opted_out') return 'Opted out of texts';
  return '';
}
