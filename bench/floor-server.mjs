// The floor of the hot-read case: a bare node:http server answering GET /api/clients?range&sort&filter
// with the same SQL the application runs for it, through `pg` pools of the same sizes, and the same
// JSON body and Content-Range header. Per request it does what the application's request path does
// against the database:
//   1. one session-table lookup (the session store's own SELECT, on a pool of 4 like the store's),
//   2. the signed-in broker's row (the access guard),
//   3. the page with its clients' invitation state, their current policy and the total, in one statement.
// It does not rewrite the session's expiry (the store's "touch"): that write is part of what the
// application spends on top of the floor. Only the sort fields and filters the benchmark sends are
// understood. Started by bench/hot-read.mjs with DATABASE_URL, PORT, SESSION_SECRET and
// DATABASE_POOL_MAX; prints "listening" when ready.
//
// The inbox's thread list (GET /api/inbox/threads?filter&range, bench/inbox.mjs) the same way: the
// session lookup, the access guard's one statement (the agency's row with the member the session
// acts as, AuthRepository.agencyRow) and the page with its total in one statement
// (InboxRepository.listPage), for an owner's whole book and the filters status, unread and needsReply.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const { DATABASE_URL, PORT, SESSION_SECRET } = process.env;
const POOL_MAX = Number(process.env.DATABASE_POOL_MAX ?? 10);
const sessions = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
const data = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_MAX, min: 0 });

const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  isActive: 'is_active',
  engagementScore: 'engagement_score',
  createdAt: 'created_at',
  riskScore: 'risk_score',
};
/** Names sort as people read them: by last name then first name, or the other way round. */
const THEN = { lastName: 'first_name', firstName: 'last_name' };
const CLIENT_COLUMNS =
  'c.id, c.first_name, c.last_name, c.email, c.phone, c.is_active, c.engagement_score, c.notes, c.zip, c.state, c.language, c.created_at, ' +
  `to_char(c.date_of_birth, 'YYYY-MM-DD') as date_of_birth, c.plan_type, to_char(c.plan_effective_date, 'YYYY-MM-DD') as plan_effective_date, ` +
  'c.carrier, c.departure_reason, c.risk_score, c.risk_level, c.risk_reasons, c.assigned_member_id';
const SEARCH = `lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || phone)`;
const INVITATION_STATE = `exists (select 1 from client_accounts a where a.client_id = c.id) as registered,
  (select max(i.expires_at) from client_invitations i where i.client_id = c.id and i.accepted_at is null) as pending_until,
  (select json_agg(json_build_object('field', x.field, 'value', x.new_value, 'requestedAt', x.requested_at) order by x.field)
     from client_contact_changes x where x.client_id = c.id and x.status = 'pending') as pending_changes,
  (select json_build_object('id', p.id, 'carrier', p.carrier, 'planName', p.plan_name, 'planId', p.plan_id,
       'planType', p.plan_type, 'medigapPlan', p.medigap_plan, 'status', p.status,
       'effectiveDate', to_char(p.effective_date, 'YYYY-MM-DD'), 'terminationDate', to_char(p.termination_date, 'YYYY-MM-DD'))
     from policies p where p.client_id = c.id and p.status in ('active', 'pending')
    order by p.status = 'active' desc, p.effective_date desc nulls last, p.plan_type in ('dental', 'vision', 'other'), p.created_at desc, p.id desc
    limit 1) as current_policy`;
const lit = (value) => pg.escapeLiteral(value);
const escapeLike = (text) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A result's rows in an array of their own, the driver's emptied, as the application's session
 * read and hot reads hand them over (backend/src/database/hot-reads.ts): the driver's array can
 * outlive the request and keep the rows through young-generation collections.
 */
function rowsOf(result) {
  const rows = result.rows.slice();
  result.rows.length = 0;
  return rows;
}

/** The session id of a signed `carekeep.sid` cookie (express-session's `s:<id>.<hmac>`), or undefined. */
function sessionId(cookie) {
  const raw = /(?:^|;\s*)carekeep\.sid=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!raw) return undefined;
  const value = decodeURIComponent(raw);
  if (!value.startsWith('s:')) return undefined;
  const dot = value.lastIndexOf('.');
  const id = value.slice(2, dot);
  const mac = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', SESSION_SECRET).update(id).digest('base64').replace(/=+$/, ''));
  return mac.length === expected.length && timingSafeEqual(mac, expected) ? id : undefined;
}

/** The broker session of the cookie (the session store's own statement), or undefined. */
async function brokerSession(cookie) {
  const sid = sessionId(cookie);
  if (!sid) return undefined;
  const found = rowsOf(
    await sessions.query('SELECT sess FROM "session" WHERE sid = $1 AND expire >= to_timestamp($2)', [sid, Math.ceil(Date.now() / 1000)]),
  );
  const auth = found[0]?.sess?.auth;
  return auth?.kind === 'broker' ? auth : undefined;
}

async function clients(url, cookie) {
  const auth = await brokerSession(cookie);
  if (!auth) return [401, { message: 'Unauthorized' }];
  const users = rowsOf(await data.query(`select "u0".* from "users" as "u0" where "u0"."id" = ${lit(auth.userId)} limit 1`));
  if (!users[0]) return [401, { message: 'Unauthorized' }];

  const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,24]');
  const [field, order] = JSON.parse(url.searchParams.get('sort') ?? '["createdAt","DESC"]');
  const filter = JSON.parse(url.searchParams.get('filter') ?? '{}');
  let where = `c.broker_id = ${lit(users[0].id)}`;
  const search = filter.q?.trim().toLowerCase();
  if (search) {
    const digits = search.replace(/\D/g, '');
    const patterns = [`%${escapeLike(search)}%`];
    if (digits.length >= 3 && digits !== search) patterns.push(`%${digits}%`);
    where += ` and (${patterns.map((p) => `${SEARCH} like ${lit(p)}`).join(' or ')})`;
  }
  const direction = order === 'DESC' ? 'desc' : 'asc';
  const then = THEN[field] ? (table) => `${table}.${THEN[field]} ${direction}, ` : () => '';
  const orderBy = (table) => `${table}.${COLUMNS[field]} ${direction}, ${then(table)}${table}.id asc`;
  const rows = rowsOf(
    await data.query(
      `select t.total, p.*
       from (select count(*)::int as total from clients c where ${where}) t
       left join lateral (
         select ${CLIENT_COLUMNS}, ${INVITATION_STATE}
           from clients c where ${where} order by ${orderBy('c')} limit ${end - start + 1} offset ${start}
       ) p on true
      order by ${orderBy('p')}`,
    ),
  );
  const total = rows[0]?.total ?? 0;
  const now = Date.now();
  const items = rows
    .filter((row) => row.id !== null)
    .map((client) => {
      const inviteStatus = client.registered
        ? 'accepted'
        : client.pending_until
          ? new Date(client.pending_until).getTime() > now
            ? 'pending'
            : 'expired'
          : 'none';
      return {
        id: client.id,
        firstName: client.first_name,
        lastName: client.last_name,
        email: client.email,
        phone: client.phone,
        isActive: client.is_active,
        engagementScore: client.engagement_score,
        notes: client.notes,
        zip: client.zip,
        state: client.state,
        language: client.language ?? 'en',
        inviteStatus,
        inviteToken: inviteStatus !== 'none',
        createdAt: new Date(client.created_at).toISOString(),
        dateOfBirth: client.date_of_birth,
        planType: client.plan_type,
        planEffectiveDate: client.plan_effective_date,
        carrier: client.carrier,
        departureReason: client.departure_reason,
        riskScore: client.risk_score,
        riskLevel: client.risk_level,
        riskReasons: client.risk_reasons ?? [],
        assignedMemberId: client.assigned_member_id,
        pendingContactChanges: (client.pending_changes ?? []).map((change) => ({
          field: change.field,
          value: change.value,
          requestedAt: new Date(change.requestedAt).toISOString(),
        })),
        currentPolicy: client.current_policy ?? null,
      };
    });
  const range = items.length ? `clients ${start}-${start + items.length - 1}/${total}` : `clients */${total}`;
  return [200, items, range];
}

const THREAD_COLUMNS = `t.id, t.phone, t.sender, t.client_id,
  case when t.sender = 'client' then trim(c.first_name || ' ' || c.last_name) end as client_name,
  case when t.sender = 'client' then c.language end as client_language,
  t.assigned_member_id, nullif(trim(coalesce(m.first_name, '') || ' ' || coalesce(m.last_name, '')), '') as assigned_member_name,
  t.status, t.last_message_at, t.preview, t.last_direction, t.last_inbound_at, t.unread_count, t.needs_reply_since, t.opted_out_at, t.done_at`;
const THREAD_FROM = `inbox_threads t left join clients c on c.id = t.client_id left join members m on m.id = t.assigned_member_id`;
const iso = (at) => (at ? new Date(at).toISOString() : null);

async function inboxThreads(url, cookie) {
  const auth = await brokerSession(cookie);
  if (!auth) return [401, { message: 'Unauthorized' }];
  const member = auth.memberId ? `id = ${lit(auth.memberId)}` : `role = 'owner'`;
  const agencies = rowsOf(
    await data.query(
      `select u.*, m.id as "member$id", m.role as "member$role", m.first_name as "member$first_name",
              m.last_name as "member$last_name", m.email as "member$email", m.language as "member$language"
         from users u left join lateral (
         select id, role, first_name, last_name, email, language from members where agency_id = u.id and removed_at is null and ${member}
         order by created_at limit 1) m on true
       where u.id = ${lit(auth.userId)} limit 1`,
    ),
  );
  if (!agencies[0]?.member$id) return [401, { message: 'Unauthorized' }];

  const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,24]');
  const filter = JSON.parse(url.searchParams.get('filter') ?? '{}');
  const parts = [`t.agency_id = ${lit(agencies[0].id)} and t.last_direction is not null`];
  if (filter.unread === true) parts.push('t.unread_count > 0');
  if (filter.needsReply === true) parts.push('t.needs_reply_since is not null');
  if (filter.status) parts.push(`t.status = ${lit(filter.status)}`);
  const where = parts.join(' and ');
  const rows = rowsOf(
    await data.query(
      `select n.total, p.*
         from (select count(*)::int as total from ${THREAD_FROM} where ${where}) n
         left join lateral (
           select ${THREAD_COLUMNS} from ${THREAD_FROM} where ${where}
            order by t.last_message_at desc, t.id desc limit ${end - start + 1} offset ${start}
         ) p on true
        order by p.last_message_at desc, p.id desc`,
    ),
  );
  const total = rows[0]?.total ?? 0;
  const items = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id,
      phone: row.phone,
      sender: row.sender,
      clientId: row.sender === 'client' ? row.client_id : null,
      clientName: row.client_name,
      assignedMemberId: row.assigned_member_id,
      assignedMemberName: row.assigned_member_name,
      status: row.status,
      lastMessageAt: new Date(row.last_message_at).toISOString(),
      preview: row.preview,
      lastDirection: row.last_direction,
      unreadCount: row.unread_count,
      needsReplySince: iso(row.needs_reply_since),
      optedOut: row.opted_out_at !== null,
      optedOutAt: iso(row.opted_out_at),
      doneAt: iso(row.done_at),
    }));
  const range = items.length ? `threads ${start}-${start + items.length - 1}/${total}` : `threads */${total}`;
  return [200, items, range];
}

const ROUTES = { '/api/clients': clients, '/api/inbox/threads': inboxThreads };

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://floor');
    const route = ROUTES[url.pathname];
    if (req.method !== 'GET' || !route) {
      res.writeHead(404).end();
      return;
    }
    const [status, body, range] = await route(url, req.headers.cookie);
    const headers = { 'Content-Type': 'application/json; charset=utf-8' };
    if (range) Object.assign(headers, { 'Content-Range': range, 'Access-Control-Expose-Headers': 'Content-Range' });
    res.writeHead(status, headers).end(JSON.stringify(body));
  } catch (error) {
    res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
  }
});
server.listen(Number(PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => Promise.all([sessions.end(), data.end()]).then(() => process.exit(0))));
