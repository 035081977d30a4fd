import { A2pReads } from '../src/a2p/a2p-reads.repository.js';
import { HELD_TOO_LONG_REASON, TEXT_HELD_REASON } from '../src/a2p/held-texts.js';
import { ROLE_REFUSED } from '../src/auth/access.guard.js';
import { Delivery } from '../src/delivery/delivery.entity.js';
import { DispatcherService } from '../src/delivery/dispatcher.service.js';
import { Reminder } from '../src/reminders/reminder.entity.js';
import { User } from '../src/users/user.entity.js';
import { TEST_BRAND } from './helpers/a2p.js';
import type { Agent } from './helpers/browser-agent.js';
import { realNow } from './helpers/clock.js';
import { makeClient } from './helpers/factories.js';
import { brokerSession, memberSession } from './helpers/session.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TwilioStandIn } from './helpers/twilio-stand-in.js';

const ACCOUNT_SID = `AC${'2'.repeat(32)}`;
const PRIMARY_PROFILE = `BU${'a'.repeat(32)}`;
const FROM = '+15005550006';
const REGISTRATION = '/api/messaging-registration';

/** A company's registration, with the amounts the preview showed. */
function companyBrand(fees: { oneTimeCents: number; monthlyCents: number }, changes: Record<string, unknown> = {}) {
  return {
    ...TEST_BRAND,
    confirmOneTimeCents: fees.oneTimeCents,
    confirmMonthlyCents: fees.monthlyCents,
    ...changes,
  };
}

describe('A2P 10DLC registration per agency (Twilio ISV API through the SDK, against the stand-in)', () => {
  let t: TestApp;
  let standIn: TwilioStandIn;
  let owner: Agent;
  let agencyId: string;

  beforeAll(async () => {
    standIn = new TwilioStandIn();
    const base = await standIn.start();
    t = await createTestApp({
      listen: true,
      env: {
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: 'a2p-test-token',
        TWILIO_FROM_NUMBER: FROM,
        TWILIO_API_BASE_URL: base,
        TWILIO_PRIMARY_CUSTOMER_PROFILE_SID: PRIMARY_PROFILE,
      },
    });
    ({ agent: owner, id: agencyId } = await brokerSession(t, 'owner-a2p@example.com'));
    const em = t.em();
    const agency = await em.findOneOrFail(User, agencyId);
    agency.agencyName = 'Harbor Senior Insurance';
    agency.agencyPhone = '+18135550199';
    agency.sponsorMessage = 'Harbor: here for you since 1998.';
    agency.sponsorMessageEs = 'Harbor: a su lado desde 1998.';
    await em.flush();
  });
  afterAll(async () => {
    await t.close();
    await standIn.stop();
  });

  /** A reminder of this agency due now (or `ago` ms ago), dispatched; answers its delivery. */
  async function dueReminder(brokerId: string, method: 'voice' | 'sms', ago = 1000) {
    const em = t.em();
    const client = await makeClient(em, await em.findOneOrFail(User, brokerId));
    const reminder = em.create(Reminder, {
      broker: em.getReference(User, brokerId),
      client,
      scheduledTime: new Date(realNow().getTime() - ago),
      deliverAfter: new Date(realNow().getTime() - ago),
      deliveryMethod: method,
      message: 'Your annual review is on Friday.',
    });
    await em.flush();
    await t.app.get(DispatcherService).runOnce();
    return t.em().findOneOrFail(Delivery, { reminderId: reminder.id });
  }

  it('shows the campaign generated from the agency’s own texts, and the dated fees, before anything is sent', async () => {
    const preview = await owner.get(`${REGISTRATION}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.mode).toBe('twilio');
    expect(preview.body.areaCode).toBe(813);
    expect(preview.body.company.useCase).toBe('MIXED');
    expect(preview.body.soleProprietor.useCase).toBe('SOLE_PROPRIETOR');
    const samples: string[] = preview.body.company.messageSamples;
    expect(samples[0]).toContain('Harbor Senior Insurance: ');
    expect(samples[0]).toContain('Harbor: here for you since 1998.');
    expect(samples[0]).toContain('Reply STOP to opt out.');
    expect(samples.some((sample) => sample.includes('Responda ALTO'))).toBe(true);
    expect(samples.some((sample) => sample.includes('Annual Enrollment'))).toBe(true);
    expect(preview.body.company.messageFlow).toContain('The client gave my agency this phone number');
    expect(preview.body.company.optOutKeywords).toEqual(expect.arrayContaining(['STOP', 'ALTO']));
    expect(preview.body.company.helpKeywords).toEqual(expect.arrayContaining(['HELP', 'AYUDA']));
    expect(preview.body.company.helpMessage).toContain('(813) 555-0199');
    expect(preview.body.companyFees).toMatchObject({ asOf: '2026-11-29', oneTimeCents: 5900, monthlyCents: 1115 });
    expect(preview.body.soleProprietorFees).toMatchObject({ oneTimeCents: 1900, monthlyCents: 315 });
    expect(standIn.requests).toHaveLength(0);
    expect((await owner.get(REGISTRATION)).status).toBe(404);
  });

  it('lets only owners see and submit the registration: agents, assistants and read-only members get 403; everyone sees whether texts wait', async () => {
    for (const role of ['agent', 'assistant', 'read_only'] as const) {
      const { agent } = await memberSession(t, agencyId, role, `${role}-a2p@example.com`);
      for (const answer of [
        await agent.get(REGISTRATION),
        await agent.get(`${REGISTRATION}/preview`),
        await agent.post(REGISTRATION).send(companyBrand({ oneTimeCents: 5900, monthlyCents: 1115 })),
        await agent.post(`${REGISTRATION}/check`).send({}),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe(ROLE_REFUSED);
      }
      const status = await agent.get(`${REGISTRATION}/status`);
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ holding: true, status: 'none' });
    }
  });

  it('refuses bad input with 400: the EIN’s format, a missing EIN, NUL bytes, huge strings, wrong types; and amounts not shown with 409', async () => {
    const fees = { oneTimeCents: 5900, monthlyCents: 1115 };
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ein: '123' }, /EIN has 9 digits/],
      [{ ein: null }, /needs its EIN/],
      [{ legalName: 'Harbor\u0000Senior' }, /./],
      [{ legalName: 'x'.repeat(10_000) }, /at most 255/],
      [{ businessType: 'empire' }, /businessType must be one of/],
      [{ contactPhone: 5551234 }, /./],
      [{ contactEmail: 'not-an-address' }, /valid e-mail/],
      [{ postalCode: '3360' }, /ZIP code/],
      [{ state: 'Florida' }, /two-letter/],
      [{ confirmOneTimeCents: '5900' }, /amount you were shown/],
      [{ website: 'javascript:alert(1)' }, /website/],
      [{ contactTitle: null }, /contactTitle/],
    ];
    for (const [change, message] of bad) {
      const answer = await owner.post(REGISTRATION).send(companyBrand(fees, change));
      expect({ change: Object.keys(change), status: answer.status }).toEqual({ change: Object.keys(change), status: 400 });
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
    const changed = await owner.post(REGISTRATION).send(companyBrand({ oneTimeCents: 400, monthlyCents: 1115 }));
    expect(changed.status).toBe(409);
    expect(standIn.requests).toHaveLength(0);
  });

  it('holds the agency’s texts with a clear reason until it is registered; calls still go', async () => {
    const text = await dueReminder(agencyId, 'sms');
    expect(text.status).toBe('queued');
    expect(text.error).toBe(TEXT_HELD_REASON);
    expect(text.notBefore.getTime()).toBeGreaterThan(realNow().getTime() + 365 * 86_400_000);
    expect(standIn.find('POST', /\/Messages\.json$/)).toHaveLength(0);
    const call = await dueReminder(agencyId, 'voice');
    expect(call.status).toBe('sent');
    expect(standIn.find('POST', /\/Calls\.json$/)).toHaveLength(1);
    // The reminder shows why it waits; the banner counts what waits.
    const reminders = await owner.get('/api/reminders');
    const held = (reminders.body as { id: string; notSentReason: string | null }[]).find((r) => r.id === text.reminderId);
    expect(held?.notSentReason).toBe(TEXT_HELD_REASON);
    const status = await owner.get(`${REGISTRATION}/status`);
    expect(status.body).toEqual({ holding: true, status: 'none', heldTexts: 1 });
  });

  it('submits the profile, the A2P bundle and the brand through Twilio, and stays pending while Twilio reviews', async () => {
    const submitted = await owner.post(REGISTRATION).send(companyBrand({ oneTimeCents: 5900, monthlyCents: 1115 }));
    expect(submitted.status).toBe(202);
    expect(submitted.body.status).toBe('pending');
    expect(submitted.body.steps).toEqual([
      { step: 'profile', status: 'pending' },
      { step: 'brand', status: 'pending' },
      { step: 'campaign', status: 'not_started' },
      { step: 'number', status: 'not_started' },
    ]);
    expect(submitted.body.confirmedFeesCents).toBe(5900);
    // The activity log keeps who committed the agency to which fees.
    const log = await owner.get('/api/agency-log');
    expect(log.body.find((entry: { action: string }) => entry.action === 'texting_registration_submitted')).toMatchObject({
      summary: 'Submitted the text messaging registration (A2P 10DLC): $59.00 one-time, $11.15 a month',
    });
    const profile = standIn.find('POST', /^\/v1\/CustomerProfiles$/)[0];
    expect(profile.form.get('PolicySid')).toBe('RNdfbf3fae0e1107f8aded0e7cead80bf5');
    const endUsers = standIn.find('POST', /^\/v1\/EndUsers$/).map((r) => [r.form.get('Type'), JSON.parse(r.form.get('Attributes')!)]);
    expect(endUsers).toEqual(
      expect.arrayContaining([
        [
          'customer_profile_business_information',
          expect.objectContaining({ business_name: 'Harbor Senior Insurance LLC', business_registration_number: '12-3456789' }),
        ],
        ['authorized_representative_1', expect.objectContaining({ first_name: 'Dana', email: 'dana@harborsenior.example' })],
        ['us_a2p_messaging_profile_information', expect.objectContaining({ company_type: 'private' })],
      ]),
    );
    const assigned = standIn.find('POST', /^\/v1\/CustomerProfiles\/BU\w+\/EntityAssignments$/).map((r) => r.form.get('ObjectSid'));
    expect(assigned).toContain(PRIMARY_PROFILE);
    expect(standIn.find('POST', /^\/v1\/CustomerProfiles\/BU\w+\/Evaluations$/)).toHaveLength(1);
    expect(standIn.find('POST', /^\/v1\/CustomerProfiles\/BU\w+$/)[0].form.get('Status')).toBe('pending-review');
    expect(standIn.find('POST', /^\/v1\/TrustProducts$/)[0].form.get('PolicySid')).toBe('RNb0d4771c2c98518d916a3d4cd70a8f8b');
    expect(standIn.find('POST', /Addresses\.json$/)[0].form.get('PostalCode')).toBe('33602');
    const brand = standIn.find('POST', /^\/v1\/a2p\/BrandRegistrations$/)[0];
    expect(brand.form.get('BrandType')).toBe('STANDARD');
    expect(brand.form.get('CustomerProfileBundleSid')).toMatch(/^BU/);
    expect(brand.form.get('A2PProfileBundleSid')).toMatch(/^BU/);

    const checked = await owner.post(`${REGISTRATION}/check`).send({});
    expect(checked.body.status).toBe('pending');
    expect(standIn.find('POST', /^\/v1\/a2p\/BrandRegistrations$/)).toHaveLength(1);
    expect((await owner.post(REGISTRATION).send(companyBrand({ oneTimeCents: 5900, monthlyCents: 1115 }))).status).toBe(409);
  });

  it('keeps one agency’s registration from another: 404', async () => {
    const { agent } = await brokerSession(t, 'other-a2p@example.com');
    expect((await agent.get(REGISTRATION)).status).toBe(404);
    expect((await agent.post(`${REGISTRATION}/check`).send({})).status).toBe(404);
  });

  it('once the brand is approved makes the agency’s messaging service and its MIXED campaign, then buys a number in its area code when the campaign is approved, and releases the held texts from the messaging service', async () => {
    // A text held for two days is past its time: it is not sent when released.
    const stale = await dueReminder(agencyId, 'sms', 2 * 86_400_000);
    expect(stale.error).toBe(TEXT_HELD_REASON);
    standIn.a2p.profile = { state: 'approve' };
    standIn.a2p.brand = { state: 'approve' };
    const brandApproved = await owner.post(`${REGISTRATION}/check`).send({});
    expect(brandApproved.body.steps.map((s: { status: string }) => s.status)).toEqual(['approved', 'approved', 'pending', 'not_started']);
    const service = standIn.find('POST', /^\/v1\/Services$/)[0];
    expect(service.form.get('InboundRequestUrl')).toBe(`${t.appUrl}/api/webhooks/twilio/sms-inbound`);
    const campaign = standIn.find('POST', /^\/v1\/Services\/MG\w+\/Compliance\/Usa2p$/)[0];
    expect(campaign.form.get('UsAppToPersonUsecase')).toBe('MIXED');
    expect(campaign.form.getAll('MessageSamples')[0]).toContain('Harbor: here for you since 1998.');
    expect(campaign.form.getAll('OptOutKeywords')).toContain('STOP');
    expect(campaign.form.get('MessageFlow')).toContain('The client gave my agency');
    expect((await t.app.get(DispatcherService).runOnce()).sent).toBe(0);

    standIn.a2p.campaign = { state: 'approve' };
    const approved = await owner.post(`${REGISTRATION}/check`).send({});
    expect(approved.body.status).toBe('approved');
    expect(approved.body.numbers).toEqual(['+18135550142']);
    expect(standIn.find('GET', /AvailablePhoneNumbers\/US\/Local\.json$/)[0].query.get('AreaCode')).toBe('813');
    const attached = standIn.find('POST', /^\/v1\/Services\/MG\w+\/PhoneNumbers$/)[0];
    expect(attached.form.get('PhoneNumberSid')).toMatch(/^PN/);
    expect(await t.app.get(A2pReads).agencyForNumber('+18135550142')).toBe(agencyId);
    expect(await t.app.get(A2pReads).agencyForNumber('+18135550000')).toBeNull();

    const staleAfter = await t.em().findOneOrFail(Delivery, stale.id);
    expect(staleAfter.status).toBe('skipped');
    expect(staleAfter.error).toBe(HELD_TOO_LONG_REASON);
    await t.app.get(DispatcherService).runOnce();
    const texts = standIn.find('POST', /\/Messages\.json$/);
    expect(texts).toHaveLength(1);
    expect(texts[0].form.get('MessagingServiceSid')).toMatch(/^MG/);
    expect(texts[0].form.get('From')).toBeNull();
    expect(texts[0].form.get('Body')).toContain('Harbor Senior Insurance: Your annual review is on Friday.');
    // New texts go at once, from the agency's messaging service.
    const next = await dueReminder(agencyId, 'sms');
    expect(next.status).toBe('sent');
    expect(standIn.find('POST', /\/Messages\.json$/)[1].form.get('MessagingServiceSid')).toMatch(/^MG/);
    expect((await owner.get(`${REGISTRATION}/status`)).body).toEqual({ holding: false, status: 'approved', heldTexts: 0 });
    // Billing's usage: the one-time fees confirmed, the campaign's and the number's first month.
    const [month] = (await owner.get('/api/analytics/monthly')).body as { textingRegistrationCost: number }[];
    expect(month.textingRegistrationCost).toBe(5900 + 1000 + 115);
  });

  it('shows a failed brand with Twilio’s reason in plain words (English and Spanish), the raw reason kept, and takes a corrected resubmission', async () => {
    standIn.a2p = {
      profile: { state: 'approve' },
      brand: { state: 'fail', reason: 'TAX_ID_MISMATCH: the Tax ID does not match the legal company name' },
      campaign: { state: 'pending' },
    };
    const { agent } = await brokerSession(t, 'failing-a2p@example.com');
    const submitted = await agent
      .post(REGISTRATION)
      .send(companyBrand({ oneTimeCents: 5900, monthlyCents: 1115 }, { legalName: 'Wrong Name Insurance' }));
    expect(submitted.status).toBe(202);
    expect(submitted.body.status).toBe('failed');
    expect(submitted.body.steps.map((s: { status: string }) => s.status)).toEqual(['approved', 'failed', 'not_started', 'not_started']);
    expect(submitted.body.failures).toEqual([
      {
        step: 'brand',
        code: null,
        raw: 'TAX_ID_MISMATCH: the Tax ID does not match the legal company name',
        plainEn: expect.stringContaining('The EIN does not match the legal business name'),
        plainEs: expect.stringContaining('El EIN no coincide'),
      },
    ]);
    expect((await agent.get(`${REGISTRATION}/status`)).body).toMatchObject({ holding: true, status: 'failed' });
    // Fixed and submitted again: a new profile and brand, the fees paid again.
    standIn.a2p.brand = { state: 'approve' };
    standIn.a2p.campaign = { state: 'fail', code: 30893, reason: 'Sample messages do not match the use case' };
    const again = await agent.post(REGISTRATION).send(companyBrand({ oneTimeCents: 5900, monthlyCents: 1115 }));
    expect(again.body.status).toBe('failed');
    expect(again.body.attempts).toBe(2);
    expect(again.body.confirmedFeesCents).toBe(11_800);
    expect(again.body.failures).toEqual([
      expect.objectContaining({
        step: 'campaign',
        code: 30893,
        raw: 'Sample messages do not match the use case',
        plainEn: expect.stringContaining('sample messages do not match'),
      }),
    ]);
    // Only the campaign failed: the resubmission pays its vetting only, and the failed campaign is removed first.
    const preview = await agent.get(`${REGISTRATION}/preview`);
    expect(preview.body.campaignOnly).toBe(true);
    expect(preview.body.companyFees.oneTimeCents).toBe(1500);
    standIn.a2p.campaign = { state: 'pending' };
    const brands = standIn.find('POST', /^\/v1\/a2p\/BrandRegistrations$/).length;
    const third = await agent.post(REGISTRATION).send(companyBrand({ oneTimeCents: 1500, monthlyCents: 1115 }));
    expect(third.body.status).toBe('pending');
    expect(third.body.steps.map((s: { status: string }) => s.status)).toEqual(['approved', 'approved', 'pending', 'not_started']);
    expect(standIn.find('POST', /^\/v1\/a2p\/BrandRegistrations$/)).toHaveLength(brands);
    expect(standIn.find('DELETE', /\/Compliance\/Usa2p\/QE\w+$/)).toHaveLength(1);
  });

  it('registers a sole proprietor without an EIN: the starter profile and the Sole Proprietor brand and campaign', async () => {
    standIn.a2p = { profile: { state: 'pending' }, brand: { state: 'pending' }, campaign: { state: 'pending' } };
    const { agent } = await brokerSession(t, 'sole-a2p@example.com');
    const before = standIn.requests.length;
    const submitted = await agent
      .post(REGISTRATION)
      .send(
        companyBrand(
          { oneTimeCents: 1900, monthlyCents: 315 },
          { businessType: 'sole_proprietor', ein: null, website: null, legalName: 'Dana Reyes' },
        ),
      );
    expect(submitted.status).toBe(202);
    expect(submitted.body.useCase).toBe('SOLE_PROPRIETOR');
    expect(submitted.body.brand.ein).toBeNull();
    const mine = standIn.requests.slice(before);
    expect(mine.find((r) => r.path === '/v1/CustomerProfiles')?.form.get('PolicySid')).toBe('RN806dd6cd175f314e1f96a9727ee271f4');
    expect(mine.filter((r) => r.path === '/v1/EndUsers').map((r) => r.form.get('Type'))).toEqual([
      'starter_customer_profile_information',
      'sole_proprietor_information',
    ]);
    expect(mine.find((r) => r.path === '/v1/a2p/BrandRegistrations')?.form.get('BrandType')).toBe('SOLE_PROPRIETOR');
  });
});
