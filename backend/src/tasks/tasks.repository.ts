import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';
import type { SortOrder } from '../common/list-query.js';
import type { ClientBook } from '../members/book.js';
import type { TaskPriority, TaskSource } from './task.entity.js';

export const TASK_SORT_FIELDS = ['dueAt', 'priority', 'title', 'createdAt', 'clientName'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

const SORT_COLUMNS: Record<TaskSortField, string> = {
  dueAt: 't.due_at',
  priority: "array_position(array['low', 'normal', 'high'], t.priority)",
  title: 'lower(t.title)',
  createdAt: 't.created_at',
  clientName: "lower(c.last_name || ' ' || c.first_name)",
};

/** A task as read for a list, with its client's name. */
export interface TaskRow {
  id: string;
  broker_id: string;
  client_id: string | null;
  client_name: string | null;
  title: string;
  notes: string | null;
  due_at: Date;
  assignee_member_id: string | null;
  priority: TaskPriority;
  done_at: Date | null;
  created_by_member_id: string | null;
  source: TaskSource;
  created_at: Date;
  updated_at: Date;
  total: number;
}

/** What a list is kept to, already checked. */
export interface TaskFilter {
  assignee?: string;
  clientId?: string;
  done?: boolean;
  from?: Date;
  until?: Date;
}

/** A task a rule would make; the key keeps it to one. */
export interface RuleTaskRow {
  client_id: string;
  first_name: string;
  last_name: string;
  key: string;
  /** The day the rule is about (an effective date, a birthday), YYYY-MM-DD. */
  day: string;
  assignee_member_id: string | null;
}

/** A member whose morning e-mail of tasks is due. */
export interface DueMemberRow {
  id: string;
  agency_id: string;
  email: string;
  first_name: string | null;
  language: Language;
  time_zone: string;
  day: string;
}

export interface MemberTaskRow {
  title: string;
  due_at: Date;
  client_name: string | null;
}

/** The member a task with no one named goes to: the client's, then the policy's writer, then the agency's first owner. */
const OWNER = `(select o.id from members o where o.agency_id = c.broker_id and o.role = 'owner' and o.removed_at is null
  order by o.created_at limit 1)`;
const JOINED = (column: string) =>
  `(select m.id from members m where m.id = ${column} and m.removed_at is null and m.invitation_hash is null)`;

const TASK_COLUMNS = `t.id, t.broker_id, t.client_id, t.title, t.notes, t.due_at, t.assignee_member_id, t.priority, t.done_at,
  t.created_by_member_id, t.source, t.created_at, t.updated_at,
  case when c.id is null then null else c.first_name || ' ' || c.last_name end as client_name`;

/**
 * The SQL of tasks (`tasks`, `task_rules`, `task_reminder_emails`, `client_interactions`, which this
 * module owns), reading `clients`, `policies`, `members` and `users` for whom and what a task is about.
 */
@Injectable()
export class TasksRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The tasks a member's book shows: the agency's, or for an agent kept to their own clients, those
   * of their clients and those assigned to them.
   */
  private visible(book: ClientBook): { sql: string; params: unknown[] } {
    return book.assignedTo
      ? {
          sql: 't.broker_id = ? and (c.assigned_member_id = ? or t.assignee_member_id = ?)',
          params: [book.agencyId, book.assignedTo, book.assignedTo],
        }
      : { sql: 't.broker_id = ?', params: [book.agencyId] };
  }

  async listPage(
    book: ClientBook,
    filter: TaskFilter,
    sort: { field: TaskSortField; order: SortOrder },
    range?: { start: number; end: number },
  ): Promise<TaskRow[]> {
    const where = this.visible(book);
    const conditions = [where.sql];
    const params = [...where.params];
    const add = (sql: string, ...values: unknown[]) => {
      conditions.push(sql);
      params.push(...values);
    };
    if (filter.assignee) add('t.assignee_member_id = ?', filter.assignee);
    if (filter.clientId) add('t.client_id = ?', filter.clientId);
    if (filter.done !== undefined) add(filter.done ? 't.done_at is not null' : 't.done_at is null');
    if (filter.from) add('t.due_at >= ?', filter.from);
    if (filter.until) add('t.due_at < ?', filter.until);
    const order = `${SORT_COLUMNS[sort.field]} ${sort.order} nulls last, t.id asc`;
    const page = range ? `offset ${range.start} limit ${range.end - range.start + 1}` : '';
    return this.em.execute<TaskRow[]>(
      `select ${TASK_COLUMNS}, count(*) over ()::int as total
         from tasks t left join clients c on c.id = t.client_id
        where ${conditions.join(' and ')}
        order by ${order} ${page}`,
      params,
    );
  }

  /** The task with this id when the book shows it; `lock` holds its row for a change. */
  async findVisible(book: ClientBook, id: string, lock = false, em: EntityManager = this.em): Promise<TaskRow | undefined> {
    const where = this.visible(book);
    const [row] = await em.execute<TaskRow[]>(
      `select ${TASK_COLUMNS} from tasks t left join clients c on c.id = t.client_id
        where t.id = ? and ${where.sql} ${lock ? 'for update of t' : ''}`,
      [id, ...where.params],
    );
    return row;
  }

  async clientName(clientId: string | null | undefined, em: EntityManager = this.em): Promise<string | null> {
    if (!clientId) return null;
    const [row] = await em.execute<{ name: string }[]>(`select first_name || ' ' || last_name as name from clients where id = ?`, [
      clientId,
    ]);
    return row?.name ?? null;
  }

  /** Counts of a member's open tasks: due today, overdue (before now), and this week (today to Sunday), in the zone's days. */
  async counts(
    book: ClientBook,
    memberId: string,
    now: Date,
    bounds: { todayStart: Date; tomorrow: Date; weekEnd: Date },
  ): Promise<{ today: number; overdue: number; week: number }> {
    const where = this.visible(book);
    const [row] = await this.em.execute<{ today: number; overdue: number; week: number }[]>(
      `select count(*) filter (where t.due_at >= ? and t.due_at < ?)::int as today,
              count(*) filter (where t.due_at < ?)::int as overdue,
              count(*) filter (where t.due_at >= ? and t.due_at < ?)::int as week
         from tasks t left join clients c on c.id = t.client_id
        where ${where.sql} and t.assignee_member_id = ? and t.done_at is null`,
      [bounds.todayStart, bounds.tomorrow, now, bounds.todayStart, bounds.weekEnd, ...where.params, memberId],
    );
    return row ?? { today: 0, overdue: 0, week: 0 };
  }

  /** The agency's owner who joined first (a task with no one else to go to goes to them). */
  async ownerOf(agencyId: string): Promise<string | null> {
    const [row] = await this.em.execute<{ id: string }[]>(
      `select id from members where agency_id = ? and role = 'owner' and removed_at is null order by created_at limit 1`,
      [agencyId],
    );
    return row?.id ?? null;
  }

  /** Whether the member has joined this agency and is still in it. */
  async isJoinedMember(agencyId: string, memberId: string): Promise<boolean> {
    const rows = await this.em.execute(
      'select 1 from members where id = ? and agency_id = ? and removed_at is null and invitation_hash is null',
      [memberId, agencyId],
    );
    return rows.length > 0;
  }

  // Rules

  async rules(agencyId: string): Promise<{ welcome_call: boolean; review_call: boolean; turning65: boolean }> {
    const [row] = await this.em.execute<{ welcome_call: boolean; review_call: boolean; turning65: boolean }[]>(
      'select welcome_call, review_call, turning65 from task_rules where broker_id = ?',
      [agencyId],
    );
    return row ?? { welcome_call: false, review_call: false, turning65: false };
  }

  async saveRules(
    agencyId: string,
    rules: { welcome_call: boolean; review_call: boolean; turning65: boolean },
    em: EntityManager,
  ): Promise<void> {
    await em.execute(
      `insert into task_rules (broker_id, welcome_call, review_call, turning65, updated_at) values (?, ?, ?, ?, now())
       on conflict (broker_id) do update set welcome_call = excluded.welcome_call, review_call = excluded.review_call,
         turning65 = excluded.turning65, updated_at = now()`,
      [agencyId, rules.welcome_call, rules.review_call, rules.turning65],
    );
  }

  /** Agencies with a rule on (not suspended), with their zone and language. */
  agenciesWithRules(): Promise<
    { id: string; time_zone: string; language: Language; welcome_call: boolean; review_call: boolean; turning65: boolean }[]
  > {
    return this.em.execute(
      `select u.id, u.time_zone, u.language, r.welcome_call, r.review_call, r.turning65
         from task_rules r join users u on u.id = r.broker_id
        where (r.welcome_call or r.review_call or r.turning65) and u.suspended_at is null
          and u.time_zone in (select name from pg_timezone_names)
        order by u.id`,
    );
  }

  /** Policies (pending or active) of active clients taking effect from `today` to `until`, with no welcome call made yet. */
  welcomeCalls(agencyId: string, today: string, until: string): Promise<RuleTaskRow[]> {
    return this.em.execute<RuleTaskRow[]>(
      `select c.id as client_id, c.first_name, c.last_name,
              'welcome_call:' || p.id || ':' || to_char(p.effective_date, 'YYYY-MM-DD') as key,
              to_char(p.effective_date, 'YYYY-MM-DD') as day,
              coalesce(${JOINED('c.assigned_member_id')}, ${JOINED('p.writing_member_id')}, ${OWNER}) as assignee_member_id
         from policies p join clients c on c.id = p.client_id
        where p.broker_id = ? and c.is_active and p.status in ('pending', 'active')
          and p.effective_date between ?::date and ?::date
          and not exists (select 1 from tasks t where t.broker_id = p.broker_id
                            and t.rule_key = 'welcome_call:' || p.id || ':' || to_char(p.effective_date, 'YYYY-MM-DD'))`,
      [agencyId, today, until],
    );
  }

  /** Active clients with an active Medicare Advantage, MAPD or Part D policy and no review call for the year. */
  reviewCalls(agencyId: string, year: number): Promise<RuleTaskRow[]> {
    return this.em.execute<RuleTaskRow[]>(
      `select c.id as client_id, c.first_name, c.last_name, 'review_call:' || c.id || ':' || ?::text as key,
              ?::text || '-12-31' as day,
              coalesce(${JOINED('c.assigned_member_id')}, ${JOINED('p.writing_member_id')}, ${OWNER}) as assignee_member_id
         from clients c
         cross join lateral (
           select writing_member_id from policies p
            where p.client_id = c.id and p.status = 'active' and p.plan_type in ('medicare_advantage', 'mapd', 'pdp')
            order by p.effective_date desc nulls last limit 1
         ) p
        where c.broker_id = ? and c.is_active
          and not exists (select 1 from tasks t where t.broker_id = c.broker_id and t.rule_key = 'review_call:' || c.id || ':' || ?::text)`,
      [year, year, agencyId, year],
    );
  }

  /** Active clients whose 65th birthday falls from `today` to `until`, with no turning-65 call made yet. */
  turning65(agencyId: string, today: string, until: string): Promise<RuleTaskRow[]> {
    return this.em.execute<RuleTaskRow[]>(
      `select c.id as client_id, c.first_name, c.last_name, 'turning_65:' || c.id as key,
              to_char(c.date_of_birth, 'YYYY-MM-DD') as day,
              coalesce(${JOINED('c.assigned_member_id')},
                       ${JOINED(`(select p.writing_member_id from policies p where p.client_id = c.id order by p.created_at desc limit 1)`)},
                       ${OWNER}) as assignee_member_id
         from clients c
        where c.broker_id = ? and c.is_active and c.date_of_birth is not null
          and (c.date_of_birth + interval '65 years')::date between ?::date and ?::date
          and not exists (select 1 from tasks t where t.broker_id = c.broker_id and t.rule_key = 'turning_65:' || c.id)`,
      [agencyId, today, until],
    );
  }

  /** Adds a rule's task unless its key is already there; true when it was added. */
  async addRuleTask(task: {
    agencyId: string;
    clientId: string;
    title: string;
    dueAt: Date;
    assignee: string | null;
    source: TaskSource;
    key: string;
  }): Promise<boolean> {
    const rows = await this.em.execute(
      `insert into tasks (id, broker_id, client_id, title, due_at, assignee_member_id, priority, source, rule_key, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, 'normal', ?, ?, now(), now())
       on conflict on constraint tasks_rule_key_unique do nothing returning id`,
      [task.agencyId, task.clientId, task.title, task.dueAt, task.assignee, task.source, task.key],
    );
    return rows.length > 0;
  }

  // A client's text

  /** Active clients with this phone number, in any agency, with whom to answer them and their agency's language. */
  clientsByPhone(
    phone: string,
  ): Promise<
    { id: string; broker_id: string; first_name: string; assignee_member_id: string | null; language: Language; open: boolean }[]
  > {
    return this.em.execute(
      `select c.id, c.broker_id, c.first_name, u.language,
              coalesce(${JOINED('c.assigned_member_id')}, ${OWNER}) as assignee_member_id,
              exists (select 1 from tasks t where t.client_id = c.id and t.source = 'client_reply' and t.done_at is null) as open
         from clients c join users u on u.id = c.broker_id
        where c.phone = ? and c.is_active and u.suspended_at is null`,
      [phone],
    );
  }

  // The morning e-mail

  /**
   * Members who have joined, are still in their agency and have an e-mail address, for whom `now`
   * is between `hour`:00 and `hour`:59 in the agency's zone, not yet e-mailed that day, with an open
   * task due by the end of that day.
   */
  dueMembers(now: Date, hour: number): Promise<DueMemberRow[]> {
    return this.em.execute<DueMemberRow[]>(
      `select m.id, m.agency_id, m.email, m.first_name, coalesce(m.language, u.language) as language, u.time_zone,
              to_char(l.local::date, 'YYYY-MM-DD') as day
         from members m
         join users u on u.id = m.agency_id
         cross join lateral (select ?::timestamptz at time zone u.time_zone as local) l
        where m.removed_at is null and m.invitation_hash is null and coalesce(m.email, '') <> ''
          and u.suspended_at is null and not u.is_admin and u.email_notifications
          and u.time_zone in (select name from pg_timezone_names)
          and extract(hour from l.local) = ?
          and not exists (select 1 from task_reminder_emails e where e.member_id = m.id and e.day = l.local::date)
          and exists (select 1 from tasks t where t.assignee_member_id = m.id and t.done_at is null
                        and t.due_at < ((l.local::date + 1)::timestamp at time zone u.time_zone))
        order by m.id`,
      [now, hour],
    );
  }

  /** A member's open tasks due by the end of the day (`until`): overdue first, then today's, by time. */
  memberTasks(memberId: string, until: Date): Promise<MemberTaskRow[]> {
    return this.em.execute<MemberTaskRow[]>(
      `select t.title, t.due_at, case when c.id is null then null else c.first_name || ' ' || c.last_name end as client_name
         from tasks t left join clients c on c.id = t.client_id
        where t.assignee_member_id = ? and t.done_at is null and t.due_at < ?
        order by t.due_at, t.id limit 50`,
      [memberId, until],
    );
  }

  async claimEmail(memberId: string, day: string, now: Date): Promise<boolean> {
    const rows = await this.em.execute(
      `insert into task_reminder_emails (id, member_id, day, sent_at) values (gen_random_uuid(), ?, ?, ?)
       on conflict on constraint task_reminder_emails_member_day_unique do nothing returning id`,
      [memberId, day, now],
    );
    return rows.length > 0;
  }

  async releaseEmail(memberId: string, day: string): Promise<void> {
    await this.em.execute('delete from task_reminder_emails where member_id = ? and day = ?', [memberId, day]);
  }

  // Engagement

  /** Calls and meetings in which each client took part, in the 90 days before `now`. */
  async engagedInteractions(clientIds: string[], now: Date): Promise<Map<string, number>> {
    if (clientIds.length === 0) return new Map();
    const rows = await this.em.execute<{ client_id: string; count: number }[]>(
      `select client_id, count(*)::int as count from client_interactions
        where client_id in (?) and outcome in ('reached', 'meeting_held') and at > ?::timestamptz - interval '90 days' and at <= ?
        group by client_id`,
      [clientIds, now, now],
    );
    return new Map(rows.map((row) => [row.client_id, row.count]));
  }
}
