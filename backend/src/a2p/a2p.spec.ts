import { areaCodeOf } from './a2p.service.js';
import { campaignContent } from './a2p-content.js';
import { feesFor, monthlyCents, oneTimeCents, registrationCostsByMonth } from './a2p-fees.js';
import { plainReason } from './a2p-reasons.js';

const AGENCY = {
  agencyName: 'Harbor Senior Insurance',
  agencyPhone: '+18135550199',
  sponsorMessage: 'Harbor: here for you since 1998.',
  sponsorMessageEs: '',
  campaignMessage: 'Hi {firstName}, {agencyName} is here for your plan review. Call {agencyPhone}.',
};

describe('A2P 10DLC content, fees and reasons', () => {
  it('generates the campaign from the agency’s own texts, within Twilio’s limits', () => {
    const content = campaignContent(AGENCY, false);
    expect(content.useCase).toBe('MIXED');
    expect(content.description.length).toBeGreaterThanOrEqual(40);
    expect(content.messageFlow.length).toBeGreaterThanOrEqual(40);
    expect(content.messageFlow.length).toBeLessThanOrEqual(2048);
    expect(content.messageSamples.length).toBeGreaterThanOrEqual(2);
    expect(content.messageSamples.length).toBeLessThanOrEqual(5);
    for (const sample of content.messageSamples) {
      expect(sample.length).toBeGreaterThanOrEqual(20);
      expect(sample.length).toBeLessThanOrEqual(1024);
      expect(sample.startsWith('Harbor Senior Insurance: ')).toBe(true);
    }
    // The campaign text with its merge fields filled (the client's name as a bracketed field).
    expect(content.messageSamples[2]).toContain(
      'Hi [first name], Harbor Senior Insurance is here for your plan review. Call (813) 555-0199.',
    );
    // The Spanish sample falls back to the English sponsor message, as the reminders do.
    expect(content.messageSamples[3]).toContain('Harbor: here for you since 1998.');
    for (const keyword of [...content.optOutKeywords, ...content.helpKeywords, ...content.optInKeywords])
      expect(keyword).toMatch(/^[A-Z0-9]+$/);
    for (const answer of [content.optInMessage, content.optOutMessage, content.helpMessage]) {
      expect(answer.length).toBeGreaterThanOrEqual(20);
      expect(answer.length).toBeLessThanOrEqual(320);
    }
    expect(campaignContent(AGENCY, true).useCase).toBe('SOLE_PROPRIETOR');
  });

  it('adds up the fees, and puts them in the months they are billed', () => {
    expect([oneTimeCents(feesFor('standard')), monthlyCents(feesFor('standard'))]).toEqual([5900, 1115]);
    expect([oneTimeCents(feesFor('sole_proprietor')), monthlyCents(feesFor('sole_proprietor'))]).toEqual([1900, 315]);
    const costs = registrationCostsByMonth(
      {
        status: 'approved',
        confirmed_fees_cents: 5900,
        submitted_at: new Date('2026-10-20T12:00:00Z'),
        approved_at: new Date('2026-11-03T12:00:00Z'),
        brand: { businessType: 'llc' },
      },
      [{ created_at: new Date('2026-11-03T12:00:00Z') }],
      ['2026-12', '2026-11', '2026-10', '2026-09'],
    );
    expect(Object.fromEntries(costs)).toEqual({ '2026-12': 1115, '2026-11': 1115, '2026-10': 5900, '2026-09': 0 });
    expect([...registrationCostsByMonth(undefined, [], ['2026-11']).values()]).toEqual([0]);
  });

  it('says Twilio’s reasons plainly, by code or by their words, in English and Spanish', () => {
    expect(plainReason({ code: 30893, raw: 'x' }).en).toContain('sample messages do not match');
    expect(plainReason({ code: null, raw: 'Tax ID does not match' }).es).toContain('El EIN no coincide');
    expect(plainReason({ code: 12345, raw: 'Something else' }).en).toContain('was not approved');
  });

  it('finds the area code of a US number', () => {
    expect(areaCodeOf('+18135550199')).toBe(813);
    expect(areaCodeOf('(615) 555-0100')).toBe(615);
    expect(areaCodeOf('')).toBeNull();
    expect(areaCodeOf('+445550100')).toBeNull();
  });
});
