import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import request from 'supertest';
import twilio from 'twilio';

import { ClientReminder } from '../src/client-portal/client-reminder.entity.js';
import { Client } from '../src/clients/client.entity.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { OptOut } from '../src/messaging/opt-out.entity.js';
import { User } from '../src/users/user.entity.js';
import { type Agent, browser } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { brokerSession } from './helpers/session.js';
import { mailHeader, mailPart, SmtpStandIn } from './helpers/smtp-stand-in.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TwilioStandIn } from './helpers/twilio-stand-in.js';
import { daytimeZone } from './helpers/zones.js';

const ACCOUNT_SID = `AC${'3'.repeat(32)}`;
const AUTH_TOKEN = 'spanish-test-auth-token';
const MINUTE = 60_000;

describe('Spanish, end to end: a Spanish-speaking client’s invitation, texts, calls, e-mails and answers', () => {
  let t: TestApp;
  let standIn: TwilioStandIn;
  const smtp = new SmtpStandIn();
  let broker: { agent: Agent; id: string };
  let phoneSeq = 100;

  beforeAll(async () => {
    standIn = new TwilioStandIn();
    t = await createTestApp({
      listen: true,
      env: {
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        // These tests are about sending; holding for A2P 10DLC has its own (a2p-registration).
        A2P_HOLD_UNREGISTERED_TEXTS: 'false',
        TWILIO_FROM_NUMBER: '+15005550006',
        TWILIO_API_BASE_URL: await standIn.start(),
        SMTP_URL: await smtp.start(),
        MAIL_FROM: 'Harbor <news@harbor.example>',
        DISPATCH_SMS_PER_SECOND: '0',
        DISPATCH_VOICE_PER_SECOND: '0',
      },
    });
    broker = await brokerSession(t, 'spanish@agency.test', { readyForCampaigns: true });
    await t
      .em()
      .nativeUpdate(
        User,
        { id: broker.id },
        { agencyName: 'Harbor Senior Insurance', agencyPhone: '+12125550100', agencyAddress: '12 Main St, Tampa, FL' },
      );
  });
  afterAll(async () => {
    await t.close();
    await standIn.stop();
    await smtp.stop();
  });

  function signed(path: string, form: Record<string, string>) {
    return request(t.http)
      .post(path)
      .type('form')
      .set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${t.appUrl}${path}`, form))
      .send(form);
  }
  const sendsTo = (phone: string) => standIn.requests.filter((r) => r.form.get('To') === phone);
  const nextPhone = () => `+1212555${String(7000 + phoneSeq++).padStart(4, '0')}`;

  /** A client added by the broker in Spanish, with both attestations; invited and registered in the portal. */
  async function spanishClient(): Promise<{ id: string; phone: string; agent: Agent }> {
    const phone = nextPhone();
    const created = await broker.agent.post('/api/clients').send({
      firstName: 'Rosa',
      lastName: 'Alvarez',
      phone,
      email: `rosa.${phone.slice(-4)}@example.com`,
      language: 'es',
      remindersConsent: true,
      marketingConsent: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.language).toBe('es');
    const invited = await broker.agent.post(`/api/clients/${created.body.id}/invite`);
    expect(invited.status).toBe(200);
    const token = new URL(invited.body.inviteUrl as string).pathname.split('/').pop()!;
    const agent = browser(t);
    const username = `rosa.${phone.slice(-4)}`;
    expect((await agent.post('/api/client/register').send({ token, username, password: 'violeta-tractor-91' })).status).toBe(201);
    return { id: created.body.id as string, phone, agent };
  }

  /** The client's own reminder, due now in a daytime zone, sent by the dispatcher. */
  async function sentReminder(agent: Agent, body: Record<string, unknown>): Promise<Delivery> {
    const zone = daytimeZone();
    const created = await agent
      .post('/api/client/reminders')
      .send({ scheduledTime: new Date(realNow().getTime() + MINUTE).toISOString(), timeZone: zone, ...body });
    expect(created.status).toBe(201);
    const reminder = await t.em().findOneOrFail(ClientReminder, created.body.id);
    await t.app.get(DispatcherService).runOnce({ now: new Date(reminder.nextOccurrenceAt!.getTime() + 1000) });
    return t.em().findOneOrFail(Delivery, { clientReminderId: reminder.id });
  }

  it('keeps the language the broker chose, changes it on edit, and refuses a language the product does not speak', async () => {
    const phone = nextPhone();
    const created = await broker.agent.post('/api/clients').send({ firstName: 'Luis', lastName: 'Vega', phone });
    expect(created.body.language).toBe('en');
    const edited = await broker.agent.put(`/api/clients/${created.body.id}`).send({ language: 'es' });
    expect(edited.status).toBe(200);
    expect(edited.body.language).toBe('es');
    expect((await broker.agent.get(`/api/clients/${created.body.id}`)).body.language).toBe('es');
    const wrong = await broker.agent.put(`/api/clients/${created.body.id}`).send({ language: 'fr' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('language must be en (English) or es (Spanish)');
    expect((await t.em().findOneOrFail(Client, created.body.id)).language).toBe('es');
  });

  it('invites in Spanish: the text, the link that opens the registration in Spanish, and the invitation’s lookup', async () => {
    const phone = nextPhone();
    const created = await broker.agent.post('/api/clients').send({ firstName: 'Ana', lastName: 'Ruiz', phone, language: 'es' });
    const invited = await broker.agent.post(`/api/clients/${created.body.id}/invite`);
    expect(invited.body.inviteUrl).toMatch(/\/client\/register\/[^/?]+\?lang=es$/);
    const [sms] = sendsTo(phone);
    expect(sms.form.get('Body')).toBe(
      `Harbor Senior Insurance le invita a su portal privado para sus medicamentos y recordatorios. Cree su cuenta aquí (el enlace funciona durante 7 días): ${invited.body.inviteUrl} Responda ALTO para no recibir más mensajes.`,
    );
    const token = new URL(invited.body.inviteUrl as string).pathname.split('/').pop();
    expect((await request(t.http).get(`/api/client/invite/${token}`)).body).toMatchObject({
      firstName: 'Ana',
      lastName: 'Ruiz',
      language: 'es',
    });
  });

  it('texts a Spanish client’s reminder in Spanish; SÍ confirms it and the answer is in Spanish', async () => {
    const { phone, agent } = await spanishClient();
    const delivery = await sentReminder(agent, { deliveryMethod: 'sms' });
    const [, sms] = sendsTo(phone);
    expect(sms.form.get('Body')).toBe(
      'Harbor Senior Insurance: Es hora de tomar su medicamento Responda 1 o SÍ cuando lo haya tomado. Responda ALTO para no recibir más mensajes.',
    );
    const reply = await signed('/api/webhooks/twilio/sms-inbound', { From: phone, Body: 'Sí' });
    expect(reply.text).toContain('Gracias. Anotamos que ya lo tomó.');
    expect((await t.em().findOneOrFail(Delivery, delivery.id)).status).toBe('completed');
    const help = await signed('/api/webhooks/twilio/sms-inbound', { From: phone, Body: 'AYUDA' });
    expect(help.text).toContain('Recordatorios de Harbor Senior Insurance. Si necesita ayuda, llámenos al +12125550100.');
  });

  it('calls in Spanish: a Spanish voice and language="es-US" for every sentence, confirmed by 1 or by saying sí, answered in Spanish', async () => {
    const { phone, agent } = await spanishClient();
    const delivery = await sentReminder(agent, { deliveryMethod: 'voice', message: 'Tome sus pastillas de la mañana' });
    const answer = await signed(`/api/webhooks/twilio/voice-answer?delivery=${delivery.id}`, {
      CallSid: delivery.providerId!,
      AnsweredBy: 'human',
    });
    expect(answer.status).toBe(200);
    const says = [...answer.text.matchAll(/<Say ([^>]*)>([^<]*)<\/Say>/g)];
    expect(says.map((m) => m[1])).toEqual(Array(says.length).fill('voice="Polly.Lupe" language="es-US"'));
    expect(says.map((m) => m[2])).toEqual([
      'Hola, le llamamos de Harbor Senior Insurance con un recordatorio.',
      'Tome sus pastillas de la mañana',
      'Oprima 1 o diga sí para confirmar que recibió este mensaje. Oprima 9 para no recibir más estas llamadas.',
      'Gracias. Hasta luego.',
    ]);
    const gatherUrl = /action="([^"]+)"/.exec(answer.text)![1].replace(/&amp;/g, '&');
    expect(gatherUrl).toBe(`${t.appUrl}/api/webhooks/twilio/voice-gather?delivery=${delivery.id}&lang=es`);
    const gather = await signed(gatherUrl.slice(t.appUrl.length), { CallSid: delivery.providerId!, Digits: '1', To: phone });
    expect(gather.text).toContain('<Say voice="Polly.Lupe" language="es-US">Gracias por confirmar. Hasta luego.</Say>');
    expect((await t.em().findOneOrFail(Delivery, delivery.id)).confirmedAt).toBeInstanceOf(Date);

    // Said instead of pressed: "sí" confirms; "no, todavía no" does not.
    const spoken = await sentReminder(agent, { deliveryMethod: 'voice' });
    const spokenGather = `/api/webhooks/twilio/voice-gather?delivery=${spoken.id}&lang=es`;
    const notYet = await signed(spokenGather, {
      CallSid: spoken.providerId!,
      SpeechResult: 'No, todavía no.',
      Confidence: '0.91',
      To: phone,
    });
    expect(notYet.text).toContain('Hasta luego.');
    expect((await t.em().findOneOrFail(Delivery, spoken.id)).confirmedAt).toBeNull();
    const said = await signed(spokenGather, { CallSid: spoken.providerId!, SpeechResult: 'Sí.', Confidence: '0.93', To: phone });
    expect(said.text).toContain('<Say voice="Polly.Lupe" language="es-US">Gracias por confirmar. Hasta luego.</Say>');
    expect((await t.em().findOneOrFail(Delivery, spoken.id)).confirmedAt).toBeInstanceOf(Date);

    const machine = await sentReminder(agent, { deliveryMethod: 'voice' });
    const voicemail = await signed(`/api/webhooks/twilio/voice-answer?delivery=${machine.id}`, {
      CallSid: machine.providerId!,
      AnsweredBy: 'machine_end_beep',
    });
    expect(voicemail.text).toContain(
      '<Say voice="Polly.Lupe" language="es-US">Le llamamos de Harbor Senior Insurance con un recordatorio. Por favor, devuélvanos la llamada al +12125550100 si necesita ayuda.</Say>',
    );
  });

  it('ALTO opts the number out of texts, answered in Spanish; nothing more is texted to it', async () => {
    const { phone, agent } = await spanishClient();
    const alto = await signed('/api/webhooks/twilio/sms-inbound', { From: phone, Body: 'ALTO' });
    expect(alto.text).toContain(
      'No recibirá más mensajes de texto de nuestra parte. Responda START para volver a recibir mensajes de texto.',
    );
    expect(await t.em().count(OptOut, { recipient: phone, channel: 'sms' })).toBe(1);
    const before = sendsTo(phone).length;
    const skipped = await sentReminder(agent, { deliveryMethod: 'sms' });
    expect(skipped.status).toBe('skipped');
    expect(sendsTo(phone)).toHaveLength(before);
  });

  it('e-mails a campaign to a Spanish client with the broker’s words as written and the footer in Spanish; the unsubscribe page is Spanish', async () => {
    const { id, phone } = await spanishClient();
    const email = `rosa.${phone.slice(-4)}@example.com`;
    const { body: draft } = await broker.agent.post('/api/campaigns').send({
      name: 'AEP',
      type: 'email',
      subject: 'Plan news',
      message: 'Open enrollment ends December 7.',
      audience: { kind: 'clients', clientIds: [id] },
    });
    expect((await broker.agent.post(`/api/campaigns/${draft.id}/send`)).status).toBe(200);
    const deadline = realNow().getTime() + 20_000;
    while (smtp.to(email).length === 0 && realNow().getTime() < deadline) {
      await t.app.get(DispatcherService).runOnce({ maxMs: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [mail] = smtp.to(email);
    expect(mailHeader(mail, 'subject')).toBe('Plan news');
    const text = mailPart(mail, 'text/plain');
    expect(text).toContain('Open enrollment ends December 7.');
    expect(text).toContain('Cancelar suscripción: ');
    const html = mailPart(mail, 'text/html');
    expect(html).toContain('<html lang="es-US">');
    expect(html).toContain('Recibe este mensaje porque es cliente de Harbor Senior Insurance.');
    const unsubscribe = /Cancelar suscripción: (\S+)/.exec(text)![1];
    const page = await request(t.http).get(new URL(unsubscribe).pathname);
    expect(page.text).toContain('<html lang="es">');
    expect(page.text).toContain('¿Dejar de recibir correos de Harbor Senior Insurance?');
  });

  it('uses the broker’s Spanish sponsor message for a Spanish client with marketing permission; a Spanish one over 150 characters is refused', async () => {
    expect(
      (await broker.agent.put('/api/branding').send({ sponsorMessage: 'Harbor cares.', sponsorMessageEs: 'Harbor le cuida.' })).status,
    ).toBe(200);
    expect((await broker.agent.get('/api/auth/user')).body).toMatchObject({
      sponsorMessage: 'Harbor cares.',
      sponsorMessageEs: 'Harbor le cuida.',
    });
    const { id, phone, agent } = await spanishClient();
    // The sponsor message is marketing, sent only within the marketing calling hours of the client's
    // own zone (a 212 number is New York's, at night in the evening UTC): the client lives where it is
    // daytime now, whatever the hour the test runs.
    await t.em().nativeUpdate(Client, { id }, { timeZone: daytimeZone() });
    await sentReminder(agent, { deliveryMethod: 'sms' });
    expect(sendsTo(phone).at(-1)!.form.get('Body')).toContain('Es hora de tomar su medicamento Harbor le cuida.');
    // Their portal shows the same Spanish words; an English-speaking client's shows the English ones.
    expect((await agent.get('/api/client-portal/branding')).body.sponsorMessage).toBe('Harbor le cuida.');
    expect((await agent.put('/api/client/settings').send({ language: 'en' })).status).toBe(200);
    expect((await agent.get('/api/client-portal/branding')).body.sponsorMessage).toBe('Harbor cares.');
    const tooLong = await broker.agent.put('/api/branding').send({ sponsorMessageEs: 'x'.repeat(151) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('sponsorMessageEs must be at most 150 characters');
  });

  it('lets the client choose their language in the portal; their texts follow it', async () => {
    const { id, phone, agent } = await spanishClient();
    expect((await agent.get('/api/client/settings')).body.language).toBe('es');
    const changed = await agent.put('/api/client/settings').send({ language: 'en' });
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('en');
    expect((await t.em().findOneOrFail(Client, id)).language).toBe('en');
    expect((await agent.get('/api/client-portal/my-info')).body.client.language).toBe('en');
    await sentReminder(agent, { deliveryMethod: 'sms' });
    expect(sendsTo(phone).at(-1)!.form.get('Body')).toContain("It's time to take your medication");
    expect((await agent.put('/api/client/settings').send({ language: 'de' })).status).toBe(400);
  });

  it('answers the portal’s errors in Spanish when it asks in Spanish; the status and fields stay', async () => {
    const spanish = await request(t.http)
      .post('/api/client/login')
      .set('Origin', t.appUrl)
      .set('Accept-Language', 'es')
      .send({ username: 'nadie.aqui', password: 'contraseña-falsa' });
    expect(spanish.status).toBe(401);
    expect(spanish.body.message).toBe('Nombre de usuario o contraseña incorrectos');
    const english = await request(t.http)
      .post('/api/client/login')
      .set('Origin', t.appUrl)
      .set('Accept-Language', 'en-US,en;q=0.9')
      .send({ username: 'nobody.here', password: 'wrong-password' });
    expect(english.body.message).toBe('Invalid username or password');
    // A broker's route keeps its words whatever the browser's language.
    const brokerAnswer = await broker.agent
      .post('/api/clients')
      .set('Accept-Language', 'es')
      .send({ firstName: 'A', lastName: 'B', phone: '12' });
    expect(brokerAnswer.status).toBe(400);
    expect(brokerAnswer.body.message).not.toMatch(/[áéíóúñ]/);
  });
  it('prints a Spanish client’s reminder history in Spanish: headings, figures, outcomes and dates', async () => {
    const { phone, agent } = await spanishClient();
    const delivery = await sentReminder(agent, { deliveryMethod: 'sms', message: 'Pastillas de la mañana' });
    await signed('/api/webhooks/twilio/sms-inbound', { From: phone, Body: 'SÍ' });
    // The run above sent it ahead of its minute: make that minute the past.
    await t.em().execute(`update deliveries set occurrence_at = occurrence_at - interval '2 minutes' where id = ?`, [delivery.id]);
    const pdf = await agent
      .get('/api/client/adherence.pdf')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    const document = await getDocument({ data: new Uint8Array(pdf.body as Buffer), verbosity: 0 }).promise;
    const page = await document.getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('\n');
    expect(text).toContain('Historial de recordatorios de medicamentos');
    expect(text).toContain('Recordatorios de Harbor Senior Insurance');
    expect(text).toMatch(/Últimos 30 días \(\d{1,2} de [a-z]{3,4}\.? de \d{4} – \d{1,2} de [a-z]{3,4}\.? de \d{4}\)/);
    expect(text).toContain('Todos los recordatorios: 100 % confirmados (1 de 1)');
    expect(text).toMatch(/Mensaje de texto · Pastillas de la mañana · Confirmado a las \d{1,2}:\d{2} [ap]\.\s?m\./);
    expect(text).toContain('Confirmado: se respondió al recordatorio con 1 en la llamada o con 1 o SÍ al mensaje de texto.');
    expect(text).not.toContain('Medication reminder history');
  });
});
