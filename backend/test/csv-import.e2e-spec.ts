import { Client } from '../src/clients/client.entity.js';
import { User } from '../src/users/user.entity.js';
import type { Agent } from './helpers/browser-agent.js';
import { brokerSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const HEADER = 'firstName,lastName,email,phone';

describe('POST /api/clients/upload (CSV import)', () => {
  let t: TestApp;
  let broker: { agent: Agent; id: string };

  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { CSV_UPLOAD_MAX_MB: '1' } });
    broker = await brokerSession(t, 'importer@agency.test');
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.em().nativeDelete(Client, { broker: broker.id });
    await t.em().nativeUpdate(User, { id: broker.id }, { subscriptionTier: 'pmpm', overageEnabled: false });
  });

  function upload(content: string | Buffer, filename = 'clients.csv') {
    return broker.agent.post('/api/clients/upload').attach('file', Buffer.from(content), filename);
  }

  async function names(): Promise<string[]> {
    const clients = await t.em().find(Client, { broker: broker.id }, { orderBy: { lastName: 'asc' } });
    return clients.map((c) => `${c.firstName} ${c.lastName}`);
  }

  it('imports every valid row, with phones in E.164', async () => {
    const res = await upload(`${HEADER}\nRuth,Alvarez,ruth@example.com,(615) 555-0101\nOtis,Granger,,615.555.0102\n`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 2, partial: false, limitReached: false, errors: [], message: 'Imported 2 clients' });
    const phones = (await t.em().find(Client, { broker: broker.id })).map((c) => c.phone).sort();
    expect(phones).toEqual(['+16155550101', '+16155550102']);
  });

  it('tolerates a UTF-8 BOM, CRLF line ends, quoted commas, reordered and extra columns', async () => {
    const csv =
      '\uFEFFPhone,Last Name,notes,first_name,EMAIL\r\n"615-555-0201","O\'Brien, Jr.","likes mornings",Pat,pat@example.com\r\n6155550202,Lee,,"Kim",\r\n';
    const res = await upload(csv);
    expect(res.body).toMatchObject({ count: 2, partial: false });
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
    const res = await upload(csv);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.partial).toBe(true);
    expect(res.body.limitReached).toBe(false);
    expect(res.body.message).toBe('Imported 2 of 7 clients; 5 rows skipped');
    expect(res.body.errors).toEqual([
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
    expect(res.body.message).toBe('The file is missing the columns lastName, phone (expected firstName, lastName, email, phone)');
    expect(await names()).toEqual([]);
  });

  it('answers 400 for an empty file', async () => {
    const res = await upload('');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file is empty');
  });

  it('answers a header-only file with zero clients', async () => {
    const res = await upload(`${HEADER}\n`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 0, message: 'The file has a header but no client rows' });
  });

  it('answers 400 for a file that is not a CSV', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 0)]);
    const res = await upload(png, 'photo.png');
    expect(res.status).toBe(400);
    expect(await names()).toEqual([]);
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
    const res = await upload([HEADER, ...rows].join('\n'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 5, partial: true, limitReached: true });
    expect(res.body.message).toBe(
      'Client limit reached: imported 5 clients before the limit; 5 rows not imported because of the limit. Upgrade your plan to import the rest.',
    );
    // Rows 7 to 11 of the file (the header is line 1) are the ones left out.
    expect(res.body.errors).toEqual(
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
    const res = await upload([HEADER, ...rows].join('\n'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, partial: true, limitReached: true });
    expect(res.body.message).toBe(
      'Client limit reached: imported 2 clients before the limit; 147 rows not imported because of the limit; 1 row skipped for errors. Upgrade your plan to import the rest.',
    );
    expect(res.body.errors).toHaveLength(100);
    expect(res.body.errors.slice(0, 3)).toEqual([
      { row: 4, field: 'limit', message: 'Not imported: the client limit was reached' },
      { row: 5, field: 'limit', message: 'Not imported: the client limit was reached' },
      { row: 6, field: 'phone', message: '"12" is not a valid phone number' },
    ]);
    expect(res.body.errors[99]).toEqual({ row: 103, field: 'limit', message: 'Not imported: the client limit was reached' });
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
  });

  it('is not open to another broker’s session or to the signed out', async () => {
    const anonymous = await t.em().count(Client, {});
    const res = await (
      await import('supertest')
    )
      .default(t.appUrl)
      .post('/api/clients/upload')
      .set('Origin', t.appUrl)
      .attach('file', Buffer.from(`${HEADER}\nA,B,,6155550801\n`), 'c.csv');
    expect(res.status).toBe(401);
    expect(await t.em().count(Client, {})).toBe(anonymous);
  });
});
