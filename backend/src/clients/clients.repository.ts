import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CompiledQuery } from 'kysely';

import type { Tier } from '../billing/pricing.js';
import type { Language } from '../common/language.js';
import { escapeLike } from '../common/like.js';
import type { SortOrder } from '../common/list-query.js';
import { hotReadRows } from '../database/hot-reads.js';
import { bookCondition, type ClientBook } from '../members/book.js';
import type { MedigapPlan, PolicyStatus, PolicyType } from '../policies/policy.entity.js';
import { CLIENT_SEARCH_EXPRESSION, type DepartureReason, type PlanType, type RiskLevel } from './client.entity.js';
import type { CLIENT_LIST_RULES } from './clients.service.js';
import type { InviteStatus } from './dto/client.dto.js';
import type { PendingContactChangeDto } from './dto/contact-change.dto.js';

export type ClientSortField = (typeof CLIENT_LIST_RULES.sortable)[number];

/** The column behind each sortable field of the client list. */
const CLIENT_SORT_COLUMNS: Record<ClientSortField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  isActive: 'is_active',
  inviteStatus: 'invite_order',
  engagementScore: 'engagement_score',
  createdAt: 'created_at',
  riskScore: 'risk_score',
};

/** Names sort as people read them: by last name then first name, or the other way round. */
const CLIENT_SORT_THEN: Partial<Record<ClientSortField, string>> = { lastName: 'first_name', firstName: 'last_name' };

/** A client's invitation state (`clients c`), as the list shows it: none, pending, expired or accepted (registered). */
const INVITE_STATUS_EXPRESSION = `case
    when exists (select 1 from client_accounts a where a.client_id = c.id) then 'accepted'
    when not exists (select 1 from client_invitations i where i.client_id = c.id and i.accepted_at is null) then 'none'
    when exists (select 1 from client_invitations i where i.client_id = c.id and i.accepted_at is null and i.expires_at > now()) then 'pending'
    else 'expired' end`;
/** The order of the states when the list is sorted by invitation: the path a client takes. */
const INVITE_ORDER_EXPRESSION = `array_position(array['none', 'pending', 'expired', 'accepted'], ${INVITE_STATUS_EXPRESSION})`;

const CLIENT_COLUMNS =
  'c.id, c.first_name, c.last_name, c.email, c.phone, c.is_active, c.engagement_score, c.notes, c.zip, c.state, c.language, c.created_at, ' +
  `to_char(c.date_of_birth, 'YYYY-MM-DD') as date_of_birth, c.plan_type, to_char(c.plan_effective_date, 'YYYY-MM-DD') as plan_effective_date, ` +
  'c.carrier, c.departure_reason, c.risk_score, c.risk_level, c.risk_reasons, c.assigned_member_id';

/**
 * Whether a client (`clients c`) has registered, until when their newest open invitation runs, and
 * the contact changes waiting for them.
 */
const INVITATION_STATE_COLUMNS = `exists (select 1 from client_accounts a where a.client_id = c.id) as registered,
  (select max(i.expires_at) from client_invitations i where i.client_id = c.id and i.accepted_at is null) as pending_until,
  (select json_agg(json_build_object('field', x.field, 'value', x.new_value, 'requestedAt', x.requested_at) order by x.field)
     from client_contact_changes x where x.client_id = c.id and x.status = 'pending') as pending_changes`;

/**
 * The client's current policy (`clients c`) as JSON, or null: an active one (latest effective date
 * first), else a pending one; at an equal date a Medicare plan before dental, vision or other cover.
 * One probe of `policies_client_idx` per row of the page.
 */
const CURRENT_POLICY_COLUMN = `(select json_build_object('id', p.id, 'carrier', p.carrier, 'planName', p.plan_name, 'planId', p.plan_id,
       'planType', p.plan_type, 'medigapPlan', p.medigap_plan, 'status', p.status,
       'effectiveDate', to_char(p.effective_date, 'YYYY-MM-DD'), 'terminationDate', to_char(p.termination_date, 'YYYY-MM-DD'))
     from policies p where p.client_id = c.id and p.status in ('active', 'pending')
    order by p.status = 'active' desc, p.effective_date desc nulls last, p.plan_type in ('dental', 'vision', 'other'), p.created_at desc, p.id desc
    limit 1) as current_policy`;

/** The client's current policy as the list reads it (dates YYYY-MM-DD). */
export interface CurrentPolicyRow {
  id: string;
  carrier: string;
  planName: string;
  planId: string | null;
  planType: PolicyType;
  medigapPlan: MedigapPlan | null;
  status: PolicyStatus;
  effectiveDate: string | null;
  terminationDate: string | null;
}

export interface InvitationState {
  registered: boolean;
  pending_until: Date | null;
  /** Contact changes waiting for the client (requestedAt as PostgreSQL's JSON writes it). */
  pending_changes: PendingContactChangeDto[] | null;
  current_policy: CurrentPolicyRow | null;
}

export interface ClientColumns {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string;
  is_active: boolean;
  engagement_score: number;
  notes: string | null;
  zip: string | null;
  state: string | null;
  language: Language;
  created_at: Date;
  /** YYYY-MM-DD. */
  date_of_birth: string | null;
  plan_type: PlanType | null;
  /** YYYY-MM-DD. */
  plan_effective_date: string | null;
  carrier: string | null;
  departure_reason: DepartureReason | null;
  risk_score: number;
  risk_level: RiskLevel;
  risk_reasons: string[];
  assigned_member_id: string | null;
}

export type ClientRow = ClientColumns & InvitationState;
type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A row of the list page; with an empty page, the one row carries the total alone (its client columns null). */
export type ClientPageRow = { total: number } & Nullable<ClientRow>;

export interface ClientListFilter {
  /** What the broker typed in the search box. */
  search?: string;
  isActive?: boolean;
  inviteStatus?: InviteStatus;
  /** Engagement score bounds, inclusive. */
  engagementMin?: number;
  engagementMax?: number;
  /** Any of these at-risk levels. */
  riskLevels?: RiskLevel[];
  /** The member who looks after them, or `none`: nobody yet. */
  assignedTo?: string;
  /** Only these clients (react-admin's getMany). */
  ids?: string[];
  /** Clients with a policy matching all of these (one policy meets them all; docs/clients.md). */
  policy?: PolicyFilter;
  sort: { field: ClientSortField; order: SortOrder };
  /** Inclusive bounds; none: every row. */
  range?: { start: number; end: number };
}

/** The policy filters of the list: a client matches when one of their policies meets every one given. */
export interface PolicyFilter {
  /** The carrier, any case, trimmed. */
  carrier?: string;
  planType?: PolicyType;
  /** Effective in this calendar year. */
  effectiveYear?: number;
  /**
   * Terminating soon: a termination date from the agency's today (this moment in the agency's time
   * zone) through 60 days after it.
   */
  terminatingAsOf?: Date;
}

/** How many days ahead "terminating soon" looks. */
export const TERMINATING_SOON_DAYS = 60;

/** The condition on a client (`clients c`) that one of their policies meets the filter, with its parameters. */
function policyCondition(agencyId: string, filter: PolicyFilter): { sql: string; params: unknown[] } {
  const conditions = ['p.client_id = c.id', 'p.broker_id = ?'];
  const params: unknown[] = [agencyId];
  if (filter.carrier !== undefined) {
    conditions.push('lower(p.carrier) = lower(?)');
    params.push(filter.carrier);
  }
  if (filter.planType !== undefined) {
    conditions.push('p.plan_type = ?');
    params.push(filter.planType);
  }
  if (filter.effectiveYear !== undefined) {
    conditions.push('p.effective_date >= make_date(?::int, 1, 1) and p.effective_date < make_date(?::int + 1, 1, 1)');
    params.push(filter.effectiveYear, filter.effectiveYear);
  }
  if (filter.terminatingAsOf) {
    // The agency's today, worked out once for the statement (an InitPlan), not per row.
    const today = '(select (?::timestamptz at time zone u.time_zone)::date from users u where u.id = ?)';
    conditions.push(
      `p.status <> 'declined' and p.termination_date >= ${today} and p.termination_date <= ${today} + ${TERMINATING_SOON_DAYS}`,
    );
    params.push(filter.terminatingAsOf, agencyId, filter.terminatingAsOf, agencyId);
  }
  return { sql: `exists (select 1 from policies p where ${conditions.join(' and ')})`, params };
}

/** The WHERE clause of the book's list (`clients c`) for these filters, with its parameters. */
function listConditions(book: ClientBook, filter: Omit<ClientListFilter, 'sort' | 'range'>): { where: string; params: unknown[] } {
  const inBook = bookCondition(book);
  const conditions = [inBook.sql];
  const params: unknown[] = [...inBook.params];
  if (typeof filter.isActive === 'boolean') {
    conditions.push('c.is_active = ?');
    params.push(filter.isActive);
  }
  if (filter.inviteStatus) {
    conditions.push(`${INVITE_STATUS_EXPRESSION} = ?`);
    params.push(filter.inviteStatus);
  }
  if (filter.engagementMin !== undefined) {
    conditions.push('c.engagement_score >= ?');
    params.push(filter.engagementMin);
  }
  if (filter.engagementMax !== undefined) {
    conditions.push('c.engagement_score <= ?');
    params.push(filter.engagementMax);
  }
  if (filter.riskLevels) {
    conditions.push('c.risk_level = any(?::text[])');
    params.push(`{${filter.riskLevels.join(',')}}`);
  }
  if (filter.assignedTo === 'none') conditions.push('c.assigned_member_id is null');
  else if (filter.assignedTo) {
    conditions.push('c.assigned_member_id = ?::uuid');
    params.push(filter.assignedTo);
  }
  if (filter.policy) {
    const policy = policyCondition(book.agencyId, filter.policy);
    conditions.push(policy.sql);
    params.push(...policy.params);
  }
  if (filter.ids) {
    conditions.push(filter.ids.length ? 'c.id = any(?::uuid[])' : 'false');
    if (filter.ids.length) params.push(`{${filter.ids.join(',')}}`);
  }
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const digits = search.replace(/\D/g, '');
    const patterns = [`%${escapeLike(search)}%`];
    if (digits.length >= 3 && digits !== search) patterns.push(`%${digits}%`);
    conditions.push(`(${patterns.map(() => `${CLIENT_SEARCH_EXPRESSION} like ?`).join(' or ')})`);
    params.push(...patterns);
  }
  return { where: conditions.join(' and '), params };
}

/** A client read from a CSV file, with the id it is inserted under. */
export interface NewClientRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  zip: string | null;
  state: string | null;
  language: Language;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  planType: PlanType | null;
  /** YYYY-MM-DD. */
  planEffectiveDate: string | null;
  carrier: string | null;
  /** The member who looks after the client (null: nobody yet). */
  assignedMemberId: string | null;
}

/**
 * The SQL on `clients`: the broker's list with invitation state, the counts against the plan's
 * limit, and the CSV import's batch insert. Other modules' tables are only read: `users` (the
 * broker's plan, under lock) and `client_accounts` (auth/'s: whether a client has registered).
 */
@Injectable()
export class ClientsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One page of the broker's clients with their invitation state and the total, in one statement
   * (one round trip).
   */
  async listPage(book: ClientBook, filter: ClientListFilter): Promise<ClientPageRow[]> {
    const { where, params } = listConditions(book, filter);
    const { sort, range } = filter;
    const column = CLIENT_SORT_COLUMNS[sort.field];
    const direction = sort.order === 'ASC' ? 'asc' : 'desc';
    const then = CLIENT_SORT_THEN[sort.field];
    const tie = then ? { inner: `c.${then} ${direction}, `, outer: `p.${then} ${direction}, ` } : { inner: '', outer: '' };
    const inner =
      column === 'invite_order' ? `${INVITE_ORDER_EXPRESSION} ${direction}, c.id asc` : `c.${column} ${direction}, ${tie.inner}c.id asc`;
    const page = range ? { sql: ' limit ? offset ?', params: [range.end - range.start + 1, range.start] } : { sql: '', params: [] };
    // The invitation's place in the order is worked out only when the list is sorted by it.
    const inviteOrder = column === 'invite_order' ? `, ${INVITE_ORDER_EXPRESSION} as invite_order` : '';
    return hotReadRows<ClientPageRow>(
      this.em,
      `select t.total, p.*
         from (select count(*)::int as total from clients c where ${where}) t
         left join lateral (
           select ${CLIENT_COLUMNS}, ${INVITATION_STATE_COLUMNS}, ${CURRENT_POLICY_COLUMN}${inviteOrder}
             from clients c where ${where} order by ${inner}${page.sql}
         ) p on true
        order by p.${column} ${direction}, ${tie.outer}p.id asc`,
      [...params, ...params, ...page.params],
    );
  }

  /** The ids of the book's clients under a list's filters (a campaign's audience). */
  async idsMatching(book: ClientBook, filter: Omit<ClientListFilter, 'sort' | 'range'>, em: EntityManager = this.em): Promise<string[]> {
    const { where, params } = listConditions(book, filter);
    const rows = await em.execute<{ id: string }[]>(`select c.id from clients c where ${where}`, params);
    return rows.map((row) => row.id);
  }

  /** How many of these ids are clients in the book. */
  async countOwned(book: ClientBook, ids: string[], em: EntityManager = this.em): Promise<number> {
    if (ids.length === 0) return 0;
    const inBook = bookCondition(book);
    const [row] = await em.execute<{ count: number }[]>(
      `select count(*)::int as count from clients c where ${inBook.sql} and c.id = any(?::uuid[])`,
      [...inBook.params, `{${ids.join(',')}}`],
    );
    return row?.count ?? 0;
  }

  /** The invitation state of these clients. */
  invitationStates(clientIds: string[]): Promise<({ id: string } & InvitationState)[]> {
    return this.em.execute<({ id: string } & InvitationState)[]>(
      `select c.id, ${INVITATION_STATE_COLUMNS}, ${CURRENT_POLICY_COLUMN} from clients c where c.id in (?)`,
      [clientIds],
    );
  }

  /** `em`: the caller's transaction, when the counts belong to it. */
  async activeAndTotalCounts(brokerId: string, em: EntityManager = this.em): Promise<{ active: number; total: number }> {
    const [counts] = await em.execute<{ active: number; total: number }[]>(
      `select count(*) filter (where is_active)::int as active, count(*)::int as total from clients where broker_id = ?`,
      [brokerId],
    );
    return { active: counts?.active ?? 0, total: counts?.total ?? 0 };
  }

  /** The broker's plan, read from `users` with their row locked until `em`'s transaction ends. */
  async lockBrokerPlan(brokerId: string, em: EntityManager): Promise<{ tier: Tier; overage: boolean } | undefined> {
    const [owner] = await em.execute<{ tier: Tier; overage: boolean }[]>(
      `select subscription_tier as tier, overage_enabled as overage from users where id = ? for update`,
      [brokerId],
    );
    return owner;
  }

  async activeCount(brokerId: string, em: EntityManager): Promise<number> {
    const [counts] = await em.execute<{ active: number }[]>(
      `select count(*)::int as active from clients where broker_id = ? and is_active`,
      [brokerId],
    );
    return counts?.active ?? 0;
  }

  /** Whether the client has a portal account (`client_accounts`, auth/'s table). */
  async hasPortalAccount(clientId: string, em: EntityManager): Promise<boolean> {
    const [row] = await em.execute<{ registered: boolean }[]>(
      'select exists (select 1 from client_accounts where client_id = ?) as registered',
      [clientId],
    );
    return row?.registered === true;
  }

  /** Lets `em`'s transaction commit without waiting for its WAL flush (a CSV import's batch). */
  async commitAsynchronously(em: EntityManager): Promise<void> {
    await em.execute('set local synchronous_commit = off');
  }

  /** One multi-row INSERT; answers the phones actually inserted (the others already existed). */
  async insertNew(brokerId: string, rows: NewClientRow[], em: EntityManager): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    // The rows travel as one JSON parameter: one statement and one round trip per batch. The JSON
    // text is written directly (no intermediate array of objects for every batch).
    let json = '[';
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (i > 0) json += ',';
      json += `{"id":"${r.id}","first_name":${JSON.stringify(r.firstName)},"last_name":${JSON.stringify(r.lastName)},"email":${r.email === null ? 'null' : JSON.stringify(r.email)},"phone":${JSON.stringify(r.phone)},"zip":${r.zip === null ? 'null' : JSON.stringify(r.zip)},"state":${r.state === null ? 'null' : JSON.stringify(r.state)},"language":"${r.language}","date_of_birth":${r.dateOfBirth === null ? 'null' : `"${r.dateOfBirth}"`},"plan_type":${r.planType === null ? 'null' : `"${r.planType}"`},"plan_effective_date":${r.planEffectiveDate === null ? 'null' : `"${r.planEffectiveDate}"`},"carrier":${r.carrier === null ? 'null' : JSON.stringify(r.carrier)},"assigned_member_id":${r.assignedMemberId === null ? 'null' : `"${r.assignedMemberId}"`}}`;
    }
    json += ']';
    // The JSON goes as a bind parameter, as it is: not escaped into a copy inside the statement's text.
    const { rows: inserted } = await em.getKysely().executeQuery<{ phone: string }>(
      CompiledQuery.raw(
        `insert into clients (id, broker_id, first_name, last_name, email, phone, zip, state, language, date_of_birth, plan_type, plan_effective_date, carrier,
                              assigned_member_id)
         select r.id, $1::uuid, r.first_name, r.last_name, r.email, r.phone, r.zip, r.state, r.language, r.date_of_birth, r.plan_type, r.plan_effective_date, r.carrier,
                r.assigned_member_id
           from json_to_recordset($2::json) as r(id uuid, first_name text, last_name text, email text, phone text, zip text, state text, language text,
                                                date_of_birth date, plan_type text, plan_effective_date date, carrier text, assigned_member_id uuid)
         on conflict (broker_id, phone) do nothing
         returning phone`,
        [brokerId, json],
      ),
    );
    return new Set(inserted.map((row) => row.phone));
  }
}
