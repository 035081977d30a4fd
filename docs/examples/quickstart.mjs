// CareKeep API quick start: a script that uses only `fetch` and a personal access token.
//
//   CAREKEEP_URL=https://app.example.com CAREKEEP_TOKEN=ck_pat_… node docs/examples/quickstart.mjs
//
// The token needs the scopes clients:read, clients:write and reminders:write (API access page).
// It prints who the token acts as, every client page by page, then adds a client, schedules a
// reminder for them and imports two clients from a CSV.

/** Calls the API as the token's owner; waits out a 429 (Retry-After) up to three times. */
async function call(baseUrl, token, method, path, { json, body } = {}) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: json === undefined ? body : JSON.stringify(json),
    });
    if (response.status === 429 && attempt < 3) {
      const seconds = Number(response.headers.get('Retry-After') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    const answer = response.status === 204 ? null : await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer?.message ?? ''}`);
    return { answer, headers: response.headers };
  }
}

/** The quick start; answers what it did, for a test or a person to read. */
export async function quickstart({ baseUrl, token, log = console.log }) {
  // 1. Who the token acts as.
  const { answer: me } = await call(baseUrl, token, 'GET', '/api/auth/user');
  log(`Signed in as ${me.email}`);

  // 2. Every client, 25 at a time: `range` asks for rows, Content-Range says how many there are.
  const clients = [];
  for (let start = 0; ; start += 25) {
    const range = JSON.stringify([start, start + 24]);
    const sort = JSON.stringify(['lastName', 'ASC']);
    const { answer: page, headers } = await call(baseUrl, token, 'GET', `/api/clients?range=${encodeURIComponent(range)}&sort=${encodeURIComponent(sort)}`);
    clients.push(...page);
    const total = Number(headers.get('Content-Range')?.split('/')[1] ?? 0);
    log(`Clients ${start + 1}–${start + page.length} of ${total}`);
    if (clients.length >= total || page.length === 0) break;
  }

  // 3. A new client, with the broker's attestation that they agreed to reminders.
  const { answer: client } = await call(baseUrl, token, 'POST', '/api/clients', {
    json: { firstName: 'Dolores', lastName: 'Ibarra', phone: '(615) 555-0142', email: 'dolores@example.com', language: 'es', remindersConsent: true },
  });
  log(`Added ${client.firstName} ${client.lastName} (${client.id})`);

  // 4. A reminder call for them tomorrow at 10:00 UTC: a generic message, never health details.
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  tomorrow.setUTCHours(10, 0, 0, 0);
  const { answer: reminder } = await call(baseUrl, token, 'POST', '/api/reminders', {
    json: { clientId: client.id, scheduledTime: tomorrow.toISOString(), deliveryMethod: 'voice', message: 'Your agent has news about your 2027 plan' },
  });
  log(`Scheduled a ${reminder.deliveryMethod} reminder for ${reminder.scheduledTime}`);

  // 5. An import: a CSV as multipart field "file"; it runs in the background, so poll its job.
  const csv = 'firstName,lastName,email,phone\nRamon,Quintero,ramon@example.com,(615) 555-0143\nGrace,Lee,grace@example.com,(615) 555-0144\n';
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'clients.csv');
  const { answer: queued } = await call(baseUrl, token, 'POST', '/api/clients/upload', { body: form });
  let job = queued;
  for (let polls = 0; job.status === 'queued' || job.status === 'running'; polls++) {
    if (polls === 120) throw new Error('The import did not finish within a minute');
    await new Promise((resolve) => setTimeout(resolve, 500));
    job = (await call(baseUrl, token, 'GET', `/api/import-jobs/${queued.jobId}`)).answer;
  }
  log(`Import ${job.status}: ${job.imported} imported, ${job.rejected} not imported`);

  return { me, clients, client, reminder, job };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.env.CAREKEEP_URL;
  const token = process.env.CAREKEEP_TOKEN;
  if (!baseUrl || !token) {
    console.error('Set CAREKEEP_URL and CAREKEEP_TOKEN');
    process.exit(2);
  }
  await quickstart({ baseUrl, token });
}
