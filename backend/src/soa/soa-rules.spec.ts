import { checkAppointment, inLastFourDaysOfElectionPeriod, SOA_RULES, soaRuleAt, validUntil } from './soa-rules.js';

/** An instant given as Eastern wall time (EDT until 1 November 2026, EST after). */
const eastern = (local: string, offset = '-04:00') => new Date(`${local}${offset}`);

describe('the Scope of Appointment rules by day', () => {
  it('keeps the 48-hour wait through 30 September 2026 and drops it from 1 October 2026 (Eastern days)', () => {
    expect(soaRuleAt(eastern('2026-09-30T23:59:59')).id).toBe('soa-48-hours');
    expect(soaRuleAt(eastern('2026-09-30T23:59:59')).waitHours).toBe(48);
    expect(soaRuleAt(eastern('2026-10-01T00:00:00')).id).toBe('soa-before-appointment');
    expect(soaRuleAt(eastern('2026-10-01T00:00:00')).waitHours).toBe(0);
    // 1 October 2026 has begun in New York at 04:00 UTC, not before.
    expect(soaRuleAt(new Date('2026-10-01T03:59:00Z')).id).toBe('soa-48-hours');
    expect(soaRuleAt(new Date('2026-10-01T04:00:00Z')).id).toBe('soa-before-appointment');
  });

  it('names a source for every rule, in order of their first days', () => {
    for (const rule of SOA_RULES) expect(rule.source).toMatch(/CFR/);
    const days = SOA_RULES.map((rule) => rule.from ?? '');
    expect([...days].sort()).toEqual(days);
  });

  it('on 30 September 2026: an appointment sooner than 48 hours after the signature is too soon unless an exception applies', () => {
    const signedAt = eastern('2026-09-28T10:00:00');
    const appointmentAt = eastern('2026-09-30T09:00:00');
    const check = checkAppointment(appointmentAt, signedAt, null);
    expect(check.rule.id).toBe('soa-48-hours');
    expect(check.tooSoon).toBe(true);
    expect(check.earliestAt.toISOString()).toBe(eastern('2026-09-30T10:00:00').toISOString());
    expect(checkAppointment(appointmentAt, signedAt, 'walk_in').tooSoon).toBe(false);
    expect(checkAppointment(appointmentAt, signedAt, 'inbound_call').tooSoon).toBe(false);
    expect(checkAppointment(eastern('2026-09-30T10:00:00'), signedAt, null).tooSoon).toBe(false);
  });

  it('from 1 October 2026: an appointment an hour after the signature is fine, an exception changes nothing', () => {
    const signedAt = eastern('2026-10-01T09:00:00');
    const check = checkAppointment(eastern('2026-10-01T10:00:00'), signedAt, null);
    expect(check.rule.id).toBe('soa-before-appointment');
    expect(check.tooSoon).toBe(false);
    expect(check.earliestAt).toEqual(signedAt);
    // Signed on the 30th for an appointment on the 1st: the appointment's day decides.
    expect(checkAppointment(eastern('2026-10-01T08:00:00'), eastern('2026-09-30T12:00:00'), null).tooSoon).toBe(false);
  });

  it('knows the last four days of the AEP and of the Medicare Advantage Open Enrollment Period', () => {
    expect(inLastFourDaysOfElectionPeriod(eastern('2026-12-04T09:00:00', '-05:00'))).toBe(true);
    expect(inLastFourDaysOfElectionPeriod(eastern('2026-12-07T20:00:00', '-05:00'))).toBe(true);
    expect(inLastFourDaysOfElectionPeriod(eastern('2026-12-03T23:00:00', '-05:00'))).toBe(false);
    expect(inLastFourDaysOfElectionPeriod(eastern('2027-03-28T09:00:00'))).toBe(true);
    expect(inLastFourDaysOfElectionPeriod(eastern('2027-04-01T09:00:00'))).toBe(false);
  });

  it('keeps a signed SOA valid 12 months', () => {
    const rule = soaRuleAt(eastern('2026-10-01T09:00:00'));
    expect(validUntil(new Date('2026-10-01T13:00:00Z'), rule).toISOString()).toBe('2027-10-01T13:00:00.000Z');
  });
});
