// The inbox case of `npm run bench` (issue 52, the agency's two-way text inbox), on one scratch
// database and one built server with Twilio configured (its REST API pointed at a closed loopback
// port, so that nothing leaves the machine):
//
//   1. The thread list of an agency with `threads` threads of `messagesPerThread` messages each
//      (100,000 messages at full size), its first page as the app asks for it (100 open threads,
//      newest first) and the "needs reply" and "unread" filters, against the floor of
//      bench/floor-server.mjs running the same SQL (bench/hot-read.mjs's method and budgets).
//   2. An AEP Monday's burst: `burstTexts` signed inbound texts (POST /api/webhooks/twilio/sms-inbound,
//      X-Twilio-Signature) from `burstNumbers` numbers of two agencies — one agency's clients texting
//      the platform's number, the other's clients and numbers of no client texting that agency's own
//      number (agency_numbers) — sent at a fixed rate over at most `burstConnections` connections,
//      some numbers sending two texts at the same instant before they have a thread. Then every text
//      is looked for: in the database (each exactly once, in its number's thread), in the thread list
//      (every thread, its unread count), in the unread badge and filters, and in a sample of timelines.
// Used by bench/run.mjs (`--only=inbox`).
import { createHmac } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { hotRead } from './hot-read.mjs';
import { freePort, percentile, scratchDatabase, signIn, startServer, withClient } from './lib.mjs';

const WEBHOOK_PATH = '/api/webhooks/twilio/sms-inbound';
const ACCOUNT_SID = `AC${'b'.repeat(32)}`;
const AUTH_TOKEN = 'benchmark-twilio-auth-token';
/** The platform's number (TWILIO_FROM_NUMBER) and the second agency's own number. */
const PLATFORM_NUMBER = '+15005550006';
const AGENCY_NUMBER = '+15005550170';

const filterPath = (filter) =>
  `/api/inbox/threads?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,99]')}`;

/** The thread list's first pages as the Inbox page asks for them (100 a page, newest message first). */
export const INBOX_PATHS = {
  'inbox: open threads': filterPath({ status: 'open' }),
  'inbox: needs reply': filterPath({ needsReply: true }),
  'inbox: unread': filterPath({ unread: true }),
};

/** What seniors write back (no keyword, no confirmation: each becomes a text of the thread). */
const WORDS = [
  'Can you call me about my plan?',
  'Is my dentist in the new network?',
  'I got a letter from Medicare, what does it mean',
  'What time is my appointment with you on Thursday',
  'My daughter will bring the card tomorrow',
  'Thank you for the reminder, see you then',
  'Did the premium go up for next year?',
  'Please call after 3 pm',
];

/** X-Twilio-Signature: HMAC-SHA1 of the URL and the form's sorted names and values, in base64 (Twilio's scheme). */
function twilioSignature(url, form) {
  const data =
    url +
    Object.keys(form)
      .sort()
      .map((name) => name + form[name])
      .join('');
  return createHmac('sha1', AUTH_TOKEN).update(data, 'utf8').digest('base64');
}

/** A small deterministic generator (mulberry32): the same burst in every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad7 = (n) => String(n).padStart(7, '0');

/**
 * The burst's numbers and texts. Numbers: 5/8 the first agency's clients (to the platform's number),
 * 1/4 the second agency's clients and 1/8 numbers of no client (to the second agency's own number).
 * The first `twins` numbers send exactly two texts at the same instant; every other number at least
 * one, the rest spread at random; the order is shuffled. Each text's words end with its index, so
 * that each can be found again.
 */
function burstPlan({ texts, numbers, twins, seconds }) {
  const next = random(52);
  const firstClients = Math.round((numbers * 5) / 8);
  const secondClients = Math.round(numbers / 4);
  const senders = [];
  for (let i = 0; i < numbers; i++) {
    if (i < firstClients) senders.push({ from: `+1515${pad7(i + 1)}`, to: PLATFORM_NUMBER, agency: 'first' });
    else if (i < firstClients + secondClients)
      senders.push({ from: `+1616${pad7(i - firstClients + 1)}`, to: AGENCY_NUMBER, agency: 'second' });
    else senders.push({ from: `+1717${pad7(i - firstClients - secondClients + 1)}`, to: AGENCY_NUMBER, agency: 'second' });
  }
  // Twins are spread over the kinds of numbers: every (numbers / twins)-th number.
  const step = Math.floor(numbers / twins);
  const twinSet = new Set(Array.from({ length: twins }, (_, k) => k * step));
  const units = [];
  for (let i = 0; i < numbers; i++) units.push(twinSet.has(i) ? [i, i] : [i]);
  const others = numbers - twins;
  for (let left = texts - 2 * twins - others; left > 0; left--) {
    let i;
    do i = Math.floor(next() * numbers);
    while (twinSet.has(i));
    units.push([i]);
  }
  for (let k = units.length - 1; k > 0; k--) {
    const j = Math.floor(next() * (k + 1));
    [units[k], units[j]] = [units[j], units[k]];
  }
  const interval = (seconds * 1000) / texts;
  const plan = [];
  for (const unit of units) {
    const dueMs = plan.length * interval;
    for (const i of unit) {
      const index = plan.length;
      plan.push({ ...senders[i], body: `${WORDS[index % WORDS.length]} (#${index})`, dueMs, sid: `SM${String(index).padStart(32, '0')}` });
    }
  }
  return { plan, senders, firstClients, secondClients };
}

/** CPU seconds (user + system) of a process from /proc, 0 once it is gone. */
async function cpuSecondsOf(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length > 12 ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}

/**
 * CPU seconds so far of the server and of the PostgreSQL processes started by this benchmark (the
 * embedded server's; none when BENCH_DATABASE_URL names another server).
 */
async function cpuSeconds(serverPid) {
  const parents = new Map();
  const names = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const ours = (pid) => {
    for (let p = parents.get(pid); p; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let database = 0;
  for (const [pid, name] of names) if (name === 'postgres' && ours(pid)) database += await cpuSecondsOf(pid);
  return { server: await cpuSecondsOf(serverPid), database, bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 };
}

/**
 * Sends the plan's texts at their times over `connections` connections (each text waits for its time
 * and for a free connection); answers the answers' statuses and latencies (from the request's start),
 * how far behind its time the last text left, and the seconds from the first text to the last answer.
 */
async function send(appUrl, plan, connections) {
  const url = `${appUrl}${WEBHOOK_PATH}`;
  const latencies = [];
  const statuses = new Map();
  let behindMs = 0;
  let next = 0;
  const start = performance.now() + 50;
  let lastAnswer = start;
  const worker = async () => {
    for (let index = next++; index < plan.length; index = next++) {
      const text = plan[index];
      const wait = start + text.dueMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const form = {
        AccountSid: ACCOUNT_SID,
        MessageSid: text.sid,
        From: text.from,
        To: text.to,
        Body: text.body,
        NumSegments: '1',
        NumMedia: '0',
      };
      const sent = performance.now();
      behindMs = Math.max(behindMs, sent - start - text.dueMs);
      let status;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSignature(url, form) },
          body: new URLSearchParams(form).toString(),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch (error) {
        status = `error: ${error.cause?.code ?? error.message}`;
      }
      const answered = performance.now();
      lastAnswer = Math.max(lastAnswer, answered);
      latencies.push(answered - sent);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  latencies.sort((a, b) => a - b);
  return {
    statuses: Object.fromEntries(statuses),
    seconds: (lastAnswer - start) / 1000,
    behindMs: Math.round(behindMs),
    p50Ms: +percentile(latencies, 50).toFixed(1),
    p99Ms: +percentile(latencies, 99).toFixed(1),
    maxMs: +latencies.at(-1).toFixed(1),
  };
}

/** Every thread of the signed-in agency through the list API, 100 a page; and the total it announces. */
async function allThreads(session) {
  const threads = [];
  let total;
  for (let start = 0; total === undefined || start < total; start += 100) {
    const response = await session.request(`/api/inbox/threads?range=${encodeURIComponent(`[${start},${start + 99}]`)}`);
    if (response.status !== 200) throw new Error(`the thread list answered ${response.status}`);
    threads.push(...(await response.json()));
    total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]);
    if (!Number.isFinite(total)) throw new Error('the thread list has no Content-Range');
  }
  return { threads, total };
}

/** The total a filtered list announces. */
async function filteredTotal(session, filter) {
  const response = await session.request(`/api/inbox/threads?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,0]`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`the thread list answered ${response.status}`);
  return Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]);
}

/**
 * Looks for every sent text: in the database (each body stored exactly once, in the thread of its
 * agency and number, the thread's unread count that number's texts) and through the API of each
 * agency (the list's total and every thread with its unread count, the badge, the unread and
 * needs-reply filters, and the timelines of a sample of threads). Answers the counts and the problems.
 */
async function verify({ databaseUrl, plan, agencies }) {
  const problems = [];
  const expected = new Map(); // agency|phone → texts
  for (const text of plan) {
    const key = `${agencies[text.agency].id}|${text.from}`;
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  const ids = Object.values(agencies).map((a) => a.id);
  const { threads, bodies } = await withClient(databaseUrl, async (c) => ({
    threads: (
      await c.query(
        `select t.id, t.agency_id, t.phone, t.sender, t.unread_count, t.preview, t.last_message_at,
                count(m.id)::int as messages, max(m.created_at) as newest,
                (array_agg(m.body order by m.created_at desc, m.id desc))[1] as newest_body
           from inbox_threads t left join inbox_messages m on m.thread_id = t.id
          where t.agency_id = any($1) group by t.id`,
        [ids],
      )
    ).rows,
    bodies: (
      await c.query(
        `select m.body, count(*)::int as n from inbox_messages m join inbox_threads t on t.id = m.thread_id
          where t.agency_id = any($1) group by m.body`,
        [ids],
      )
    ).rows,
  }));
  const stored = new Map(bodies.map((row) => [row.body, row.n]));
  let storedTexts = 0;
  let missing = 0;
  let twice = 0;
  for (const text of plan) {
    const n = stored.get(text.body) ?? 0;
    if (n >= 1) storedTexts += 1;
    if (n === 0) missing += 1;
    if (n > 1) twice += 1;
  }
  if (missing) problems.push(`${missing} texts not stored`);
  if (twice) problems.push(`${twice} texts stored more than once`);
  const byKey = new Map(threads.map((t) => [`${t.agency_id}|${t.phone}`, t]));
  let wrongThread = 0;
  let wrongUnread = 0;
  for (const [key, count] of expected) {
    const thread = byKey.get(key);
    if (!thread || thread.messages !== count) wrongThread += 1;
    else if (thread.unread_count !== count) wrongUnread += 1;
  }
  if (threads.length !== expected.size) problems.push(`${threads.length} threads in the database, ${expected.size} numbers texted`);
  if (wrongThread) problems.push(`${wrongThread} threads without exactly their number's texts`);
  if (wrongUnread) problems.push(`${wrongUnread} threads whose unread count is not their number's texts`);
  // Two texts of one number answered out of order: the thread keeps the time and words of the one
  // whose transaction ended last. Counted, not a loss.
  const previewNotNewest = threads.filter((t) => t.preview !== t.newest_body).length;

  const shown = {};
  let shownTexts = 0;
  for (const [name, agency] of Object.entries(agencies)) {
    const want = [...expected].filter(([key]) => key.startsWith(`${agency.id}|`));
    const wantTexts = want.reduce((sum, [, n]) => sum + n, 0);
    const { threads: listed, total } = await allThreads(agency);
    const unreadByPhone = new Map(listed.map((t) => [t.phone, t.unreadCount]));
    const listedTexts = want.reduce((sum, [key, n]) => sum + (unreadByPhone.get(key.split('|')[1]) === n ? n : 0), 0);
    shownTexts += listedTexts;
    const badge = (await (await agency.request('/api/inbox/unread')).json()).threads;
    const unread = await filteredTotal(agency, { unread: true });
    const needsReply = await filteredTotal(agency, { needsReply: true });
    // A sample of timelines: every text of the thread's number, in the thread.
    let timelinesWrong = 0;
    const sample = listed.filter((_, i) => i % Math.max(1, Math.floor(listed.length / 25)) === 0);
    for (const thread of sample) {
      const response = await agency.request(`/api/inbox/threads/${thread.id}/messages`);
      const entries = await response.json();
      const texts = entries.filter((e) => e.source === 'inbox' && e.direction === 'in').length;
      if (response.status !== 200 || texts !== expected.get(`${agency.id}|${thread.phone}`)) timelinesWrong += 1;
    }
    shown[name] = {
      threads: want.length,
      texts: wantTexts,
      listTotal: total,
      listedTexts,
      badge,
      unread,
      needsReply,
      timelines: sample.length,
      timelinesWrong,
    };
    for (const [what, value] of [
      ['the list total', total],
      ['the list rows', listed.length],
      ['the unread badge', badge],
      ['the unread filter', unread],
      ['the needs-reply filter', needsReply],
    ])
      if (value !== want.length) problems.push(`${name} agency: ${what} ${value}, ${want.length} threads`);
    if (listedTexts !== wantTexts)
      problems.push(`${name} agency: the list's unread counts account for ${listedTexts} of ${wantTexts} texts`);
    if (timelinesWrong) problems.push(`${name} agency: ${timelinesWrong} of ${sample.length} timelines without every text`);
  }
  return { storedTexts, shownTexts, threads: threads.length, previewNotNewest, shown, problems };
}

/** The list agency's book: clients, four agents, threads with `messagesPerThread` messages each. */
export async function seedInbox(c, { agencyId, threads, messagesPerThread }) {
  await c.query(
    `insert into clients (id, broker_id, first_name, last_name, email, phone, is_active, engagement_score, created_at)
     select gen_random_uuid(), $1, (array['Mary','Linda','Helen','Ruth','James','Robert','George','Frank'])[1 + n % 8],
            (array['Smith','Garcia','Nguyen','Rivera','Baker','Lopez','Hill','Young','Adams','Torres'])[1 + (n * 7) % 10],
            'client' || n || '@example.com', '+1313' || lpad(n::text, 7, '0'), true, n % 101, now() - (n % 730) * interval '1 day'
       from generate_series(1, $2::int) n`,
    [agencyId, threads],
  );
  await c.query(
    `insert into members (id, agency_id, email, first_name, last_name, role, created_at)
     select gen_random_uuid(), $1, 'agent' || n || '@inbox.bench.test', 'Agent', (array['Ortiz','Chen','Walker','Patel'])[n], 'agent', now()
       from generate_series(1, 4) n`,
    [agencyId],
  );
  // Nine threads in ten with a client, one with a number of no client; a third assigned to an agent;
  // 40 % done; the last word theirs in half; unread in about 15 %, waiting for a reply in about 30 %;
  // last messages spread over 90 days.
  await c.query(
    `create temporary table seed_threads as
     select n, gen_random_uuid() as id, cl.id as client_id,
            case when n % 10 = 0 then '+1818' || lpad(n::text, 7, '0') else cl.phone end as phone,
            case when n % 3 = 0 then (array(select id from members where agency_id = $1 and role = 'agent' order by email))[1 + n % 4] end as member_id,
            case when n % 5 in (1, 2) then 'done' else 'open' end as status,
            now() - ((n * 7919) % 129600) * interval '1 minute' as last_at,
            case when n % 50 = 7 then 'event' when n % 2 = 0 then 'in' else 'out' end as last_direction
       from generate_series(1, $2::int) n
       left join clients cl on cl.broker_id = $1 and cl.phone = '+1313' || lpad(n::text, 7, '0') and n % 10 <> 0`,
    [agencyId, threads],
  );
  const words = `(array[${WORDS.map((w) => `'${w}'`).join(', ')}])`;
  await c.query(
    `insert into inbox_threads (id, agency_id, phone, sender, client_id, assigned_member_id, status, last_message_at, preview, last_direction,
                                last_inbound_at, unread_count, needs_reply_since, opted_out_at, done_at, created_at, updated_at)
     select id, $1, phone, case when client_id is null then 'other' else 'client' end, client_id, member_id, status, last_at,
            case when last_direction = 'event' then 'Confirmed a reminder' else ${words}[1 + (n * 10) % ${WORDS.length}] end,
            last_direction, case when last_direction = 'in' then last_at else last_at - interval '3 hours' end,
            case when status = 'open' and last_direction = 'in' and n % 4 = 0 then 1 + n % 3 else 0 end,
            case when status = 'open' and last_direction = 'in' then last_at - interval '10 minutes' end,
            case when n % 97 = 0 then last_at end,
            case when status = 'done' then last_at + interval '1 hour' end,
            last_at - interval '400 days', last_at
       from seed_threads`,
    [agencyId],
  );
  await c.query(
    `insert into inbox_messages (id, thread_id, direction, kind, body, member_id, status, created_at)
     select gen_random_uuid(), s.id, d.direction, case when d.direction = 'event' then 'confirmed' else 'text' end,
            case when d.direction <> 'event' then ${words}[1 + (s.n * 10 + k) % ${WORDS.length}] end,
            case when d.direction = 'out' then s.member_id end, case when d.direction = 'out' then 'sent' end,
            s.last_at - k * interval '3 hours'
       from seed_threads s, generate_series(0, $1::int - 1) k,
            lateral (select case when k = 0 then s.last_direction when (s.n + k) % 2 = 0 then 'in' else 'out' end as direction) d`,
    [messagesPerThread],
  );
  await c.query('drop table seed_threads');
}

/**
 * The burst's agencies' books: the first agency's clients, the second's clients and its own number;
 * each client with a broker's reminder texted two days ago (so that a text is the agency's to read).
 */
async function seedBurst(c, { first, second, firstClients, secondClients }) {
  for (const [agencyId, prefix, count] of [
    [first, '+1515', firstClients],
    [second, '+1616', secondClients],
  ]) {
    await c.query(
      `insert into clients (id, broker_id, first_name, last_name, phone, is_active, created_at)
       select gen_random_uuid(), $1, 'Client', 'B' || n, $2 || lpad(n::text, 7, '0'), true, now() - interval '300 days'
         from generate_series(1, $3::int) n`,
      [agencyId, prefix, count],
    );
  }
  await c.query(
    `insert into deliveries (id, broker_id, client_id, reminder_id, occurrence_at, channel, recipient, status, cost_cents, created_at, updated_at)
     select gen_random_uuid(), broker_id, id, gen_random_uuid(), now() - interval '2 days', 'sms', phone, 'completed', 1,
            now() - interval '2 days', now() - interval '2 days'
       from clients where broker_id in ($1, $2)`,
    [first, second],
  );
  await c.query(`insert into agency_numbers (id, broker_id, e164, status) values (gen_random_uuid(), $1, $2, 'active')`, [
    second,
    AGENCY_NUMBER,
  ]);
}

/**
 * Seeds, measures the list against its floor, then sends the burst and looks for every text.
 * Answers `{ list: hotRead rows, burst: { sent, rate, …, verification } }`.
 */
export async function inboxBench({
  threads,
  messagesPerThread,
  burstTexts,
  burstNumbers,
  burstSeconds,
  burstConnections = 50,
  burstTwins = 100,
  paths = INBOX_PATHS,
  seconds,
  rounds,
  poolMax,
  sessionSecret,
}) {
  const database = await scratchDatabase();
  let server;
  try {
    server = await startServer(database.url, {
      DATABASE_POOL_MAX: String(poolMax),
      SESSION_SECRET: sessionSecret,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: PLATFORM_NUMBER,
      // Nothing is sent during the case; if anything were, it would fail on the loopback.
      TWILIO_API_BASE_URL: `http://127.0.0.1:${await freePort()}`,
    });
    const owner = await signIn(server.appUrl, 'bench.inbox@agency.test');
    const agencies = {
      first: await signIn(server.appUrl, 'bench.inbox.first@agency.test'),
      second: await signIn(server.appUrl, 'bench.inbox.second@agency.test'),
    };
    for (const a of Object.values(agencies)) a.id = a.user.id;
    const { plan, firstClients, secondClients } = burstPlan({
      texts: burstTexts,
      numbers: burstNumbers,
      twins: burstTwins,
      seconds: burstSeconds,
    });
    console.log(
      `\nSeeding an inbox of ${threads} threads, ${threads * messagesPerThread} messages; the burst's ${firstClients + secondClients} clients…`,
    );
    const seeded = performance.now();
    await withClient(database.url, async (c) => {
      await seedInbox(c, { agencyId: owner.user.id, threads, messagesPerThread });
      await seedBurst(c, { first: agencies.first.id, second: agencies.second.id, firstClients, secondClients });
      await c.query('vacuum analyze');
      await c.query('checkpoint');
    });
    console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const cookie = [...owner.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const list = [];
    for (const [name, path] of Object.entries(paths)) {
      // The first page (what the Inbox opens on) gets every round; the filters half as many.
      const [row] = await hotRead({
        appUrl: server.appUrl,
        databaseUrl: database.url,
        cookie,
        sessionSecret,
        poolMax,
        connections: 10,
        seconds,
        rounds: list.length === 0 ? rounds : Math.max(2, rounds / 2),
        paths: { [name]: path },
        light: false,
      });
      list.push({ ...row, rounds: list.length === 0 ? rounds : Math.max(2, rounds / 2) });
    }

    console.log(`Sending ${plan.length} inbound texts from ${burstNumbers} numbers within ${burstSeconds} s…`);
    const before = await cpuSeconds(server.pid);
    const sent = await send(server.appUrl, plan, burstConnections);
    const after = await cpuSeconds(server.pid);
    // CPU per text: what the rate could be on a machine of its own (2 cores: 2,000 ms of CPU a second).
    const cpuMsPerText = Object.fromEntries(
      Object.keys(after).map((k) => [k, +(((after[k] - before[k]) * 1000) / plan.length).toFixed(2)]),
    );
    console.log(
      `answered in ${sent.seconds.toFixed(1)} s: ${JSON.stringify(sent.statuses)}, p99 ${sent.p99Ms} ms; CPU a text ${JSON.stringify(cpuMsPerText)} ms`,
    );
    const verification = await verify({ databaseUrl: database.url, plan, agencies });
    return {
      list,
      burst: {
        texts: plan.length,
        numbers: burstNumbers,
        twins: burstTwins,
        connections: burstConnections,
        targetSeconds: burstSeconds,
        textsPerSecond: Math.round(plan.length / sent.seconds),
        ...sent,
        accepted: sent.statuses[200] ?? 0,
        cpuMsPerText,
        ...verification,
      },
    };
  } finally {
    await server?.stop();
    await database.cleanup();
  }
}
