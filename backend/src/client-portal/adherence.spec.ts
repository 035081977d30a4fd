import { adherence, occurrenceOutcome } from './adherence.js';

const zone = 'America/New_York';
const now = new Date('2026-11-24T15:00:00Z'); // 10:00 in New York

describe('adherence', () => {
  it('names an occurrence by its delivery', () => {
    expect(occurrenceOutcome({ status: 'completed', confirmed_at: new Date('2026-03-10T14:00:00Z') })).toBe('confirmed');
    expect(occurrenceOutcome({ status: 'completed', confirmed_at: null })).toBe('missed');
    expect(occurrenceOutcome({ status: 'failed', confirmed_at: null })).toBe('missed');
    expect(occurrenceOutcome({ status: 'skipped', confirmed_at: null })).toBe('skipped');
    expect(occurrenceOutcome({ status: 'sent', confirmed_at: null })).toBe('waiting');
    expect(occurrenceOutcome({ status: 'queued', confirmed_at: null })).toBe('waiting');
  });

  it('counts the last 30 days in the client’s zone, skipped and waiting ones left out of the percentage', () => {
    const at = (iso: string, outcome: 'confirmed' | 'missed' | 'skipped' | 'waiting') => ({
      reminderId: 'r',
      occurrenceAt: new Date(iso),
      outcome,
    });
    const figures = adherence(
      [
        at('2026-11-24T13:00:00Z', 'confirmed'), // today 08:00
        at('2026-11-24T14:59:00Z', 'waiting'),
        at('2026-11-23T13:00:00Z', 'confirmed'),
        at('2026-11-22T13:00:00Z', 'missed'),
        at('2026-11-21T13:00:00Z', 'skipped'),
        // 00:30 on Nov 24 UTC is still Nov 23 in New York.
        at('2026-11-24T00:30:00Z', 'confirmed'),
        // Day 1 of the 30 (Oct 26 local) counts; the day before does not.
        at('2026-10-26T13:00:00Z', 'missed'),
        at('2026-10-25T13:00:00Z', 'missed'),
      ],
      now,
      zone,
    );
    expect(figures.days).toHaveLength(30);
    expect(figures.days[0].date).toBe('2026-10-26');
    expect(figures.days[29]).toEqual({ date: '2026-11-24', confirmed: 1, missed: 0, skipped: 0, waiting: 1 });
    expect(figures.days[28]).toMatchObject({ date: '2026-11-23', confirmed: 2 });
    expect(figures).toMatchObject({ confirmed: 3, missed: 2, skipped: 1, percent: 60 });
  });

  it('has no percentage while nothing has ended', () => {
    expect(adherence([], now, zone).percent).toBeNull();
  });
});
