import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import { Client } from '../src/clients/client.entity.js';
import { CsvImportService, type ImportProgress, ImportSupersededError } from '../src/clients/csv-import.service.js';
import type { ImportJobDto } from '../src/clients/dto/import-job.dto.js';
import { ImportJob } from '../src/clients/import-job.entity.js';
import { ImportJobsService, MAX_IMPORT_ATTEMPTS } from '../src/clients/import-jobs.service.js';
import { StorageService } from '../src/storage/storage.service.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { waitFor } from './helpers/built-app.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const HEADER = 'firstName,lastName,email,phone';

type Job = ImportJobDto;

/** Polls the import until it has ended (completed or failed) and answers its last state. */
async function finished(agent: Agent, jobId: string): Promise<Job> {
  let job = {} as Job;
  await waitFor(
    `import ${jobId} to end`,
    async () => {
      const res = await agent.get(`/api/clients/upload/${jobId}`);
      expect(res.status).toBe(200);
      job = res.body as Job;
      return job.status === 'completed' || job.status === 'failed';
    },
    30_000,
    50,
  );
  return job;
}

describe('POST /api/clients/upload (CSV import)', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };

  beforeAll(async () => {
    // Files of up to 600 rows are imported while the upload waits; longer ones in the background.
    t = await createTestApp({ listen: true, env: { CSV_UPLOAD_MAX_MB: '1', CSV_IMPORT_INLINE_MAX_ROWS: '600' } });
    broker = await brokerSession(t, 'importer@agency.test');
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    await t.em().nativeDelete(ImportJob, { broker: broker.id });
    await t.em().nativeUpdate(User, { id: broker.id }, { subscriptionTier: 'pmpm', overageEnabled: false });
  });

  function upload(content: string | Buffer, filename = 'clients.csv') {
    return broker.agent.post('/api/clients/upload').attach('file', Buffer.from(content), filename);
  }

  /** Uploads: a short file answers 200 with the result; a long one 202 with the job, followed here until it has ended. */
  async function importCsv(content: string | Buffer, filename = 'clients.csv'): Promise<Job> {
    const res = await upload(content, filename);
    const rows = String(content).trim().split('\n').length - 1;
    if (rows <= 600) {
      expect(res.status).toBe(200);
      return res.body as Job;
    }
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'queued', count: 0, partial: false, limitReached: false });
    return finished(broker.agent, res.body.jobId as string);
  }

  async function names(): Promise<string[]> {
    const clients = await t.em().find(Client, { broker: broker.id }, { orderBy: { lastName: 'asc' } });
    return clients.map((c) => `${c.firstName} ${c.lastName}`);
  }

  it('gives each client to the member its assignedTo column names by e-mail, to the uploader when it is empty, and reports an e-mail that is no member’s', async () => {
    const { memberId: agentId } = await memberSession(t, broker.id, 'agent', 'csv.agent@agency.test');
    const ownerId = (await broker.agent.get('/api/auth/user')).body.member.id as string;
    const job = await importCsv(
      'firstName,lastName,phone,Agent Email\n' +
        'Ruth,Alvarez,(615) 555-0111,CSV.Agent@agency.test\n' +
        'Otis,Granger,(615) 555-0112,\n' +
        'Lena,Marsh,(615) 555-0113,stranger@agency.test\n' +
        'Max,Pruitt,(615) 555-0114,not an e-mail\n',
    );
    expect(job).toMatchObject({ count: 2, partial: true });
    expect(job.errors).toEqual([
      { row: 4, field: 'assignedTo', message: 'No member of the agency who has joined has the e-mail stranger@agency.test' },
      { row: 5, field: 'assignedTo', message: 'assignedTo must be the e-mail of a member of the agency, not "not an e-mail"' },
    ]);
    const clients = await t.em().find(Client, { broker: broker.id }, { orderBy: { firstName: 'asc' } });
    expect(clients.map((client) => [client.firstName, client.assignedMemberId])).toEqual([
      ['Otis', ownerId],
      ['Ruth', agentId],
    ]);

    // An assistant's rows that name nobody wait for an agent.
    const { agent: assistant } = await memberSession(t, broker.id, 'assistant', 'csv.assistant@agency.test');
    const res = await assistant.post('/api/clients/upload').attach('file', Buffer.from(`${HEADER}\nNell,Ortiz,,(615) 555-0115\n`), 'a.csv');
    expect([res.status, res.body.count]).toEqual([200, 1]);
    expect((await t.em().findOneOrFail(Client, { broker: broker.id, firstName: 'Nell' })).assignedMemberId).toBeNull();
  });

  it('answers an ordinary file with 200 and the result (count, partial, message, limitReached), with phones in E.164, and removes the file', async () => {
    const res = await upload(`${HEADER}\nRuth,Alvarez,ruth@example.com,(615) 555-0101\nOtis,Granger,,615.555.0102\n`, 'October leads.csv');
    expect(res.status).toBe(200);
    const job = res.body as Job;
    expect(job).toEqual({
      jobId: res.body.jobId,
      status: 'completed',
      fileName: 'October leads.csv',
      rowsTotal: 2,
      rowsRead: 2,
      imported: 2,
      rejected: 0,
      count: 2,
      partial: false,
      limitReached: false,
      errors: [],
      message: 'Imported 2 clients',
      createdAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(Date.parse(job.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(job.createdAt));
    // The same result stays at the job's address.
    expect((await broker.agent.get(`/api/import-jobs/${res.body.jobId}`)).body).toEqual(job);
    const phones = (await t.em().find(Client, { broker: broker.id })).map((c) => c.phone).sort();
    expect(phones).toEqual(['+16155550101', '+16155550102']);
    const row = await t.em().findOneOrFail(ImportJob, res.body.jobId as string);
    expect(row.fileKey).toMatch(/^imports\/[0-9a-f-]{36}\.csv$/);
    expect(await t.app.get(StorageService).size(row.fileKey)).toBeUndefined();
  });

  it('imports a long file in the background: 202 with the job and a message at once, then batches of 250, each with its consent recorded once', async () => {
    const rows = Array.from({ length: 620 }, (_, i) => `Batch,Client${i},,+1615555${String(2000 + i)}`);
    rows[300] = 'Bad,Phone,,12';
    const res = await upload([HEADER, ...rows].join('\n'));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      jobId: expect.any(String),
      status: 'queued',
      count: 0,
      partial: false,
      limitReached: false,
      message: 'Importing 620 rows in the background',
    });
    // The rows were counted with the upload's check: the progress has its total from the first look.
    expect((await broker.agent.get(`/api/import-jobs/${res.body.jobId}`)).body.rowsTotal).toBe(620);
    const job = await finished(broker.agent, res.body.jobId as string);
    expect(job).toMatchObject({ status: 'completed', rowsTotal: 620, rowsRead: 620, imported: 619, rejected: 1, partial: true });
    expect(job.errors).toEqual([{ row: 302, field: 'phone', message: '"12" is not a valid phone number' }]);
    expect(job.message).toBe('Imported 619 of 620 clients; 1 row skipped');
    expect(await t.em().count(Client, { broker: broker.id })).toBe(619);
    const [consents] = await t
      .em()
      .execute<{ n: number }[]>(`select count(*)::int as n from consents k join clients c on c.id = k.client_id where c.broker_id = ?`, [
        broker.id,
      ]);
    expect(consents.n).toBe(619 * 3);
  });

  it('tolerates a UTF-8 BOM, CRLF line ends, quoted commas, reordered and extra columns', async () => {
    const csv =
      '\uFEFFPhone,Last Name,notes,first_name,EMAIL\r\n"615-555-0201","O\'Brien, Jr.","likes mornings",Pat,pat@example.com\r\n6155550202,Lee,,"Kim",\r\n';
    const job = await importCsv(csv);
    expect(job).toMatchObject({ status: 'completed', count: 2, partial: false });
    expect(await names()).toEqual(['Kim Lee', "Pat O'Brien, Jr."]);
  });

  it('skips and reports bad rows (missing name, bad phone, bad e-mail, duplicate phone) and imports the rest', async () => {
    await broker.agent.post('/api/clients').send({ firstName: 'Already', lastName: 'Here', phone: '6155550309' });
    const csv = [
      HEADER,
      'Good,One,,6155550301',
      ',NoFirst,,6155550302',
      'Bad,Phone,,12345',
      'Bad,Email,not-an-email,6155550303',
      'Dup,InFile,,615-555-0301',
      'Dup,InDatabase,,6155550309',
      'Good,Two,,6155550304',
    ].join('\n');
    const job = await importCsv(csv);
    expect(job.status).toBe('completed');
    expect(job).toMatchObject({ rowsTotal: 7, rowsRead: 7, imported: 2, rejected: 5 });
    expect(job.count).toBe(2);
    expect(job.partial).toBe(true);
    expect(job.limitReached).toBe(false);
    expect(job.message).toBe('Imported 2 of 7 clients; 5 rows skipped');
    expect(job.errors).toEqual([
      { row: 3, field: 'firstName', message: 'firstName is required' },
      { row: 4, field: 'phone', message: '"12345" is not a valid phone number' },
      { row: 5, field: 'email', message: '"not-an-email" is not a valid e-mail address' },
      { row: 6, field: 'phone', message: 'The phone number +16155550301 appears earlier in the file' },
      { row: 7, field: 'phone', message: 'A client with the phone number +16155550309 already exists' },
    ]);
    expect(await names()).toEqual(['Already Here', 'Good One', 'Good Two']);
  });

  it('answers 400 naming the missing columns, and imports nothing', async () => {
    const res = await upload('firstName,email\nRuth,ruth@example.com\n');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "The file is missing the columns lastName, phone (expected firstName, lastName, email, phone; optional zip, state, marketingConsent, language, date_of_birth, plan_type, plan_effective_date, carrier, assignedTo, and a policy's planName, planId, medigapPlan, policyStatus, premium, terminationDate, terminationReason)",
    );
    expect(await names()).toEqual([]);
    expect(await t.em().count(ImportJob, { broker: broker.id })).toBe(0);
  });

  it('answers 400 for an empty file, or one of blank lines', async () => {
    for (const content of ['', '\n\r\n\n']) {
      const res = await upload(content);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The file is empty');
    }
  });

  it('answers a header-only file with zero clients', async () => {
    const job = await importCsv(`${HEADER}\n`);
    expect(job).toMatchObject({ status: 'completed', rowsTotal: 0, count: 0, message: 'The file has a header but no client rows' });
  });

  it('answers 400 for a file that is not a CSV', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 0)]);
    const res = await upload(png, 'photo.png');
    expect(res.status).toBe(400);
    expect(await names()).toEqual([]);
  });

  it('answers 400 at once for a byte that is not UTF-8 or a NUL anywhere in the file, and imports nothing', async () => {
    const good = Array.from({ length: 400 }, (_, i) => `Early,Row${i},,+1615555${String(3000 + i)}`).join('\n');
    const latin1 = Buffer.concat([Buffer.from(`${HEADER}\n${good}\n`), Buffer.from('Jos\xe9,Pe\xf1a,,6155550901\n', 'latin1')]);
    const notUtf8 = await upload(latin1);
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body.message).toBe('The file is not UTF-8 text: save it as “CSV UTF-8” and upload it again');
    const utf16 = await upload(Buffer.from(`${HEADER}\nAnn,Lee,,6155550902\n`, 'utf16le'));
    expect(utf16.status).toBe(400);
    expect(utf16.body.message).toBe(
      'The file contains NUL characters (it may be saved as UTF-16): save it as “CSV UTF-8” and upload it again',
    );
    expect(await names()).toEqual([]);
  });

  it('answers 400 for a file unreadable near its start, and fails the job when it is further on, saying why and what was imported', async () => {
    const early = await upload(`${HEADER}\nFine,Row,,6155550905\nBroken,"Quo"te,,6155550903\n`);
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/^The file is not a readable CSV: Invalid Closing Quote: .*line 3/);
    // Past the part read at once (the first 64 kB).
    const notes = 'x'.repeat(200);
    const rows = Array.from({ length: 1000 }, (_, i) => `Fine,Row${i},,+1615555${String(4000 + i)},${notes}`);
    rows[990] = `Broken,"Quo"te,,6155550903,${notes}`;
    const job = await importCsv([`${HEADER},notes`, ...rows].join('\n'));
    expect(job.status).toBe('failed');
    // The batches before the broken line are in (committed with their progress); the message says so and how to finish.
    expect(job.message).toMatch(
      /^The file is not a readable CSV: Invalid Closing Quote: .*line 992.*\. 750 clients were imported before it stopped \(from the rows up to line 751\); the rest of the file was not\. Upload the file again to import the rest/,
    );
    expect(job).toMatchObject({ rowsRead: 750, imported: 750, partial: true, finishedAt: expect.any(String) });
    expect(await names()).toHaveLength(750);
  });

  it('answers 404 for another broker’s import, an unknown id and an id that is not one', async () => {
    const job = await importCsv(`${HEADER}\nOnly,Mine,,6155550904\n`);
    const other = await brokerSession(t, 'other.importer@agency.test');
    for (const id of [job.jobId, randomUUID(), 'not-a-uuid', "1' or '1'='1"]) {
      const res = await other.agent.get(`/api/clients/upload/${encodeURIComponent(id)}`);
      expect({ id, status: res.status, message: res.body.message }).toEqual({ id, status: 404, message: 'No such import for this broker' });
    }
    expect((await broker.agent.get(`/api/clients/upload/${job.jobId}`)).status).toBe(200);
  });

  it('answers 400 without a file (or with another field name), and 415 for a body that is not multipart', async () => {
    const none = await broker.agent.post('/api/clients/upload').field('note', 'x');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('No file uploaded: send it in the "file" field');
    const json = await broker.agent.post('/api/clients/upload').send({ file: 'x' });
    expect(json.status).toBe(415);
  });

  it('answers 413 over the size limit, and imports nothing', async () => {
    const row = 'Big,File,big@example.com,6155550401\n';
    const res = await upload(HEADER + '\n' + row.repeat(Math.ceil((1.2 * 1024 * 1024) / row.length)));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file is larger than 1 MB');
    expect(await names()).toEqual([]);
  });

  it('stops at the client limit mid-file: partial, limitReached', async () => {
    await t.em().nativeUpdate(User, { id: broker.id }, { subscriptionTier: 'flat' });
    await t.em().execute(
      `insert into clients (id, broker_id, first_name, last_name, phone)
       select gen_random_uuid(), ?, 'Bulk', 'Client' || n, '+1212555' || lpad(n::text, 4, '0') from generate_series(1, 100) n`,
      [broker.id],
    );
    const rows = Array.from({ length: 10 }, (_, i) => `New,Client${i},,61555506${String(i).padStart(2, '0')}`);
    const job = await importCsv([HEADER, ...rows].join('\n'));
    expect(job).toMatchObject({ status: 'completed', count: 5, imported: 5, rejected: 5, partial: true, limitReached: true });
    expect(job.message).toBe(
      'Client limit reached: imported 5 clients before the limit; 5 rows not imported because of the limit. Upgrade your plan to import the rest.',
    );
    // Rows 7 to 11 of the file (the header is line 1) are the ones left out.
    expect(job.errors).toEqual(
      [7, 8, 9, 10, 11].map((row) => ({ row, field: 'limit', message: 'Not imported: the client limit was reached' })),
    );
    expect(await t.em().count(Client, { broker: broker.id, isActive: true })).toBe(105);
  });

  it('reports each row left out by the limit, bad rows with their own error, within the cap of 100', async () => {
    await t.em().nativeUpdate(User, { id: broker.id }, { subscriptionTier: 'flat' });
    await t.em().execute(
      `insert into clients (id, broker_id, first_name, last_name, phone)
       select gen_random_uuid(), ?, 'Bulk', 'Client' || n, '+1212555' || lpad(n::text, 4, '0') from generate_series(1, 103) n`,
      [broker.id],
    );
    const rows = Array.from({ length: 150 }, (_, i) => `New,Client${i},,6155${String(i).padStart(6, '0')}`);
    rows[4] = 'Bad,Phone,,12'; // line 6, after the limit: reported for its phone
    const job = await importCsv([HEADER, ...rows].join('\n'));
    expect(job).toMatchObject({ status: 'completed', count: 2, rejected: 148, partial: true, limitReached: true });
    expect(job.message).toBe(
      'Client limit reached: imported 2 clients before the limit; 147 rows not imported because of the limit; 1 row skipped for errors. Upgrade your plan to import the rest.',
    );
    expect(job.errors).toHaveLength(100);
    expect(job.errors.slice(0, 3)).toEqual([
      { row: 4, field: 'limit', message: 'Not imported: the client limit was reached' },
      { row: 5, field: 'limit', message: 'Not imported: the client limit was reached' },
      { row: 6, field: 'phone', message: '"12" is not a valid phone number' },
    ]);
    expect(job.errors[99]).toEqual({ row: 103, field: 'limit', message: 'Not imported: the client limit was reached' });
    expect(await t.em().count(Client, { broker: broker.id, isActive: true })).toBe(105);
  });

  it('answers 403 limitReached when there is no room at all', async () => {
    await t.em().nativeUpdate(User, { id: broker.id }, { subscriptionTier: 'flat' });
    await t.em().execute(
      `insert into clients (id, broker_id, first_name, last_name, phone)
       select gen_random_uuid(), ?, 'Bulk', 'Client' || n, '+1212555' || lpad(n::text, 4, '0') from generate_series(1, 105) n`,
      [broker.id],
    );
    const res = await upload(`${HEADER}\nOne,More,,6155550701\n`);
    expect(res.status).toBe(403);
    expect(res.body.limitReached).toBe(true);
    expect(await t.em().count(ImportJob, { broker: broker.id })).toBe(0);
  });

  it('is not open to the signed out', async () => {
    const anonymous = await t.em().count(Client, {});
    const jobs = await t.em().count(ImportJob, {});
    const res = await (
      await import('supertest')
    )
      .default(t.appUrl)
      .post('/api/clients/upload')
      .set('Origin', t.appUrl)
      .attach('file', Buffer.from(`${HEADER}\nA,B,,6155550801\n`), 'c.csv');
    expect(res.status).toBe(401);
    expect(await t.em().count(Client, {})).toBe(anonymous);
    expect(await t.em().count(ImportJob, {})).toBe(jobs);
  });
});

/**
 * An import outlives the instance that took it: each batch commits with the import's counters, so
 * a worker that starts again (here called directly, as the queue would after a restart) carries on
 * after the last committed line; one that cannot carry on fails the import saying what was imported.
 */
describe('a CSV import across restarts', () => {
  let first: TestApp;
  let second: TestApp;
  let broker: { agent: Agent; id: string };
  const ROWS = 600;
  const rows = Array.from({ length: ROWS }, (_, i) => `Resumed,Client${String(i).padStart(3, '0')},,+1615555${String(5000 + i)}`);
  const csv = [HEADER, ...rows].join('\n');

  beforeAll(async () => {
    first = await createTestApp({ listen: true });
    // The instance that takes over: same database, same storage.
    second = await createTestApp({ databaseUrl: first.databaseUrl });
    broker = await brokerSession(first, 'resumer@agency.test');
    await first.em().nativeUpdate(User, { id: broker.id }, { subscriptionTier: 'pmpm' });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  beforeEach(async () => {
    await first.em().nativeDelete(Client, { broker: broker.id });
  });

  /** An import's stored file and row, as an upload leaves them (plus `fields`, as a worker left them). */
  async function arrange(fields: Partial<ImportJob> = {}): Promise<{ importId: string; fileKey: string }> {
    const fileKey = `imports/${randomUUID()}.csv`;
    await first.app.get(StorageService).putBuffer(fileKey, Buffer.from(csv), 'text/csv');
    const em = first.em();
    const job = em.create(ImportJob, { broker: em.getReference(User, broker.id), fileKey, fileName: 'resume.csv', ...fields });
    await em.flush();
    return { importId: job.id, fileKey };
  }

  /** The first `count` rows imported, as a first batch committed them. */
  async function importedAlready(count: number): Promise<void> {
    await first.em().execute(
      `insert into clients (id, broker_id, first_name, last_name, phone)
       select gen_random_uuid(), ?, 'Resumed', 'Client' || lpad(n::text, 3, '0'), '+1615555' || (5000 + n) from generate_series(0, ? - 1) n`,
      [broker.id, count],
    );
  }

  async function state(importId: string): Promise<Job> {
    const res = await broker.agent.get(`/api/clients/upload/${importId}`);
    expect(res.status).toBe(200);
    return res.body as Job;
  }

  async function clientsAndConsents(): Promise<{ clients: number; phones: number; consents: number }> {
    const [row] = await first.em().execute<{ clients: number; phones: number; consents: number }[]>(
      `select count(*)::int as clients, count(distinct phone)::int as phones,
              (select count(*)::int from consents k join clients c on c.id = k.client_id where c.broker_id = ?) as consents
         from clients where broker_id = ?`,
      [broker.id, broker.id],
    );
    return row;
  }

  it('carries on after the last committed line: no row imported twice, none lost', async () => {
    // A first worker committed lines 2 to 251 with the counters, then its instance died.
    const data = await arrange({ status: 'running', attempts: 1, rowsTotal: ROWS, rowsRead: 250, rowsImported: 250, lastLine: 251 });
    await importedAlready(250);
    expect(await state(data.importId)).toMatchObject({ status: 'running', rowsTotal: ROWS, rowsRead: 250, imported: 250 });

    await second.app.get(ImportJobsService).work(data);

    expect(await state(data.importId)).toMatchObject({
      status: 'completed',
      rowsRead: ROWS,
      imported: ROWS,
      rejected: 0,
      errors: [],
      partial: false,
      message: 'Imported 600 clients',
    });
    // Consent is recorded for the rows this worker imported (the arranged ones had none).
    expect(await clientsAndConsents()).toEqual({ clients: ROWS, phones: ROWS, consents: (ROWS - 250) * 3 });
    expect((await first.em().findOneOrFail(ImportJob, data.importId)).attempts).toBe(2);
    expect(await first.app.get(StorageService).size(data.fileKey)).toBeUndefined();
  });

  it('stops after a committed batch when its instance shuts down, and another instance finishes it', async () => {
    const data = await arrange();
    const stopping = first.app.get(ImportJobsService);
    stopping.onModuleDestroy();
    await expect(stopping.work(data)).rejects.toThrow('The instance is stopping; the import resumes elsewhere');
    expect(await state(data.importId)).toMatchObject({
      status: 'running',
      rowsTotal: ROWS,
      rowsRead: 250,
      imported: 250,
      finishedAt: null,
    });
    expect(await clientsAndConsents()).toEqual({ clients: 250, phones: 250, consents: 250 * 3 });

    await second.app.get(ImportJobsService).work(data);
    expect(await state(data.importId)).toMatchObject({ status: 'completed', rowsRead: ROWS, imported: ROWS, rejected: 0, errors: [] });
    expect(await clientsAndConsents()).toEqual({ clients: ROWS, phones: ROWS, consents: ROWS * 3 });
  });

  it('rolls a batch back, and commits no further one, when its progress cannot be stored (another worker moved the import on)', async () => {
    const imports = second.app.get(CsvImportService);
    const saved: number[] = [];
    const save = async (_em: unknown, _previous: ImportProgress, next: ImportProgress) => {
      if (saved.length === 1) throw new ImportSupersededError();
      saved.push(next.lastLine);
    };
    const start: ImportProgress = {
      rowsRead: 0,
      rowsImported: 0,
      rowsRejected: 0,
      rowsOverLimit: 0,
      lastLine: 0,
      limitReached: false,
      errors: [],
    };
    const owner = second.em().getReference(User, broker.id);
    await expect(imports.importRows(owner, Readable.from([Buffer.from(csv)]), start, save)).rejects.toThrow(ImportSupersededError);
    expect(saved).toEqual([251]);
    expect(await clientsAndConsents()).toEqual({ clients: 250, phones: 250, consents: 250 * 3 });
  });

  it('fails cleanly once the attempts run out, saying what was imported before', async () => {
    const data = await arrange({
      status: 'running',
      attempts: MAX_IMPORT_ATTEMPTS,
      rowsTotal: ROWS,
      rowsRead: 250,
      rowsImported: 250,
      lastLine: 251,
    });
    await importedAlready(250);
    await second.app.get(ImportJobsService).work(data);
    const job = await state(data.importId);
    expect(job).toMatchObject({ status: 'failed', imported: 250, count: 250, partial: true, finishedAt: expect.any(String) });
    expect(job.message).toBe(
      'The import stopped after being interrupted 5 times. 250 clients were imported before it stopped (from the rows up to line 251); ' +
        'the rest of the file was not. Upload the file again to import the rest: clients already imported are reported as existing, not added twice.',
    );
    expect((await clientsAndConsents()).clients).toBe(250);
    expect(await first.app.get(StorageService).size(data.fileKey)).toBeUndefined();
    // A late delivery of the same job changes nothing.
    await second.app.get(ImportJobsService).work(data);
    expect((await state(data.importId)).message).toBe(job.message);
  });

  it('fails, in the hourly clean-up, an import that has not moved for two hours, and forgets finished ones after 30 days', async () => {
    const lost = await arrange({ status: 'running', attempts: 1 });
    const moving = await arrange({ status: 'running', attempts: 1 });
    const old = await arrange({ status: 'completed', message: 'Imported 1 client' });
    const em = first.em();
    await em.execute(`update import_jobs set updated_at = now() - interval '3 hours' where id = ?`, [lost.importId]);
    await em.execute(`update import_jobs set updated_at = now() - interval '1 hour' where id = ?`, [moving.importId]);
    await em.execute(`update import_jobs set finished_at = now() - interval '31 days' where id = ?`, [old.importId]);
    await second.app.get(ImportJobsService).cleanUp();
    expect(await state(lost.importId)).toMatchObject({ status: 'failed', message: 'The import did not finish. No clients were imported.' });
    expect(await first.app.get(StorageService).size(lost.fileKey)).toBeUndefined();
    expect(await state(moving.importId)).toMatchObject({ status: 'running' });
    expect((await broker.agent.get(`/api/clients/upload/${old.importId}`)).status).toBe(404);
  });

  it('hands an unexpected error back to the queue, and fails the import on the last attempt', async () => {
    const data = await arrange();
    await first.app.get(StorageService).delete(data.fileKey);
    const worker = second.app.get(ImportJobsService);
    await expect(worker.work(data)).rejects.toThrow(/ENOENT/);
    expect(await state(data.importId)).toMatchObject({ status: 'running', finishedAt: null });
    await first.em().nativeUpdate(ImportJob, { id: data.importId }, { attempts: MAX_IMPORT_ATTEMPTS - 1 });
    await worker.work(data);
    expect(await state(data.importId)).toMatchObject({
      status: 'failed',
      imported: 0,
      message: 'The import stopped because of an error on the server. No clients were imported.',
    });
  });
});
