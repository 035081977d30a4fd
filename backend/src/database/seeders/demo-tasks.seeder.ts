import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

import { Client } from '../../clients/client.entity.js';
import { CONVERSATION_POINTS } from '../../clients/engagement.js';
import { Policy } from '../../policies/policy.entity.js';
import { ClientInteraction } from '../../tasks/client-interaction.entity.js';
import { Task } from '../../tasks/task.entity.js';
import { TaskRules } from '../../tasks/task-rules.entity.js';
import { TASK_TITLES } from '../../tasks/task-titles.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The demo agency's tasks (docs/tasks.md): its automatic tasks on, and a few of each kind — some
 * overdue, some due today, one made by each rule, one from the at-risk list and one to answer a
 * client's text — for Dana and for Luis; and a few calls and meetings logged on their clients, the
 * ones where the client took part counted in their engagement.
 */
export async function seedDemoTasks(em: EntityManager, agencyId: string, owner: string, agent: string, now: Date): Promise<void> {
  em.create(TaskRules, { broker: agencyId, welcomeCall: true, reviewCall: true, turning65: true });
  const clients = await em.find(Client, { broker: agencyId, isActive: true }, { orderBy: { createdAt: 'asc' } });
  const policies = await em.find(Policy, { broker: agencyId }, { orderBy: { createdAt: 'asc' } });
  const name = (client: Client) => `${client.firstName} ${client.lastName}`;
  const zone = 'America/New_York';
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const at = (days: number, hour: number) => today.plus({ days }).set({ hour }).toJSDate();
  const memberOf = (client: Client) => client.assignedMemberId ?? owner;
  const task = (fields: Partial<Task> & Pick<Task, 'title' | 'dueAt'>) =>
    em.create(Task, { broker: agencyId, assigneeMemberId: owner, createdByMemberId: owner, ...fields });

  const [margaret, harold, dorothy, walter] = clients;
  task({ title: `Send ${margaret.firstName} the Part D comparison`, dueAt: at(-2, 11), client: margaret.id, priority: 'high' });
  task({ title: 'Review the carriers’ renewal letters', dueAt: at(-1, 16) });
  task({
    title: `Call ${harold.firstName} about his new pharmacy`,
    dueAt: at(0, 15),
    client: harold.id,
    assigneeMemberId: memberOf(harold),
  });
  task({ title: 'Order AEP brochures', dueAt: at(0, 17), priority: 'low' });
  task({
    title: `Confirm ${dorothy.firstName}’s appointment`,
    dueAt: at(1, 10),
    client: dorothy.id,
    assigneeMemberId: agent,
    createdByMemberId: agent,
  });
  task({ title: 'Team meeting: AEP plan', dueAt: at(3, 9), notes: 'Who calls whom first' });
  task({
    title: TASK_TITLES.en.callBeforeAep(name(walter)),
    dueAt: at(2, 10),
    client: walter.id,
    source: 'at_risk',
    priority: 'high',
    assigneeMemberId: memberOf(walter),
  });
  const texter = clients[5] ?? walter;
  task({
    title: TASK_TITLES.en.answerText(texter.firstName),
    dueAt: new Date(now.getTime() - 3 * HOUR_MS),
    client: texter.id,
    source: 'client_reply',
    priority: 'high',
    assigneeMemberId: memberOf(texter),
    createdByMemberId: null,
  });
  task({ title: 'Welcome packet sent', dueAt: at(-5, 10), doneAt: at(-5, 12) });

  // One task of each rule, with the rule's own key so the hourly run does not make it again.
  const byClient = new Map(clients.map((client) => [client.id, client]));
  const pending = policies.find((policy) => policy.status === 'pending' && byClient.has(policy.client));
  const active = policies.find((policy) => policy.status === 'active' && policy.planType === 'mapd' && byClient.has(policy.client));
  const turning = clients.find((client) => !client.planType && client.dateOfBirth);
  const rule = { createdByMemberId: null, priority: 'normal' as const };
  if (pending) {
    const client = byClient.get(pending.client)!;
    task({
      ...rule,
      title: TASK_TITLES.en.welcomeCall(name(client)),
      dueAt: at(1, 10),
      client: client.id,
      source: 'rule_welcome_call',
      ruleKey: `welcome_call:${pending.id}:${pending.effectiveDate}`,
      assigneeMemberId: memberOf(client),
    });
  }
  if (active) {
    const client = byClient.get(active.client)!;
    task({
      ...rule,
      title: TASK_TITLES.en.reviewCall(name(client)),
      dueAt: at(4, 10),
      client: client.id,
      source: 'rule_review_call',
      ruleKey: `review_call:${client.id}:${today.year}`,
      assigneeMemberId: memberOf(client),
    });
  }
  if (turning) {
    task({
      ...rule,
      title: TASK_TITLES.en.turning65(name(turning)),
      dueAt: at(0, 10),
      client: turning.id,
      source: 'rule_turning_65',
      ruleKey: `turning_65:${turning.id}`,
      assigneeMemberId: memberOf(turning),
    });
  }

  // Calls and meetings logged this month.
  const logged: [Client | undefined, 'call' | 'meeting', ClientInteraction['outcome'], number | null, string | null, number][] = [
    [margaret, 'call', 'reached', 14, 'Went over her drug list; wants a Part D comparison.', 2],
    [harold, 'call', 'voicemail', 1, null, 1],
    [dorothy, 'meeting', 'meeting_held', 45, 'Annual review at the office.', 9],
    [walter, 'call', 'no_answer', null, null, 3],
  ];
  for (const [client, kind, outcome, minutes, notes, daysAgo] of logged) {
    if (!client) continue;
    const when = new Date(now.getTime() - daysAgo * DAY_MS);
    em.create(ClientInteraction, {
      broker: agencyId,
      client: client.id,
      kind,
      outcome,
      durationMinutes: minutes,
      notes,
      at: when,
      memberId: memberOf(client),
      createdAt: when,
    });
    if (outcome === 'reached' || outcome === 'meeting_held')
      client.engagementScore = Math.min(100, client.engagementScore + CONVERSATION_POINTS);
  }
  await em.flush();
}
