import { allowedAt, FEDERAL_RULE, nextAllowed, ruleFor } from './calling-rules.js';
import { normalizeState, normalizeZip, stateOfZip, statesOf } from './us-places.js';

describe('where a client lives', () => {
  it.each([
    ['33602', 'FL'],
    ['32501', 'FL'],
    ['10001', 'NY'],
    ['00501', 'NY'],
    ['02116', 'MA'],
    ['73102', 'OK'],
    ['78701', 'TX'],
    ['90210', 'CA'],
    ['99501', 'AK'],
    ['96813', 'HI'],
    ['34002', undefined], // military mail
    ['1234', undefined],
  ])('ZIP %s is in %s', (zip, state) => {
    expect(stateOfZip(zip)).toBe(state);
  });

  it('keeps five digits of a ZIP+4 and knows the state codes', () => {
    expect(normalizeZip(' 33602-1234 ')).toBe('33602');
    expect(normalizeZip('3360')).toBeUndefined();
    expect(normalizeState(' fl ')).toBe('FL');
    expect(normalizeState('XX')).toBeUndefined();
  });

  it('answers every state whose hours may apply: where they live and their number’s area code', () => {
    expect(statesOf({ zip: '10001', phone: '+13055550100' }).sort()).toEqual(['FL', 'NY']);
    expect(statesOf({ state: 'ok', phone: '+12125550100' })).toEqual(['OK']);
    expect(statesOf({ phone: '+12125550100' })).toEqual([]);
  });
});

describe('calling hours', () => {
  const at = (iso: string) => new Date(iso);

  it('narrows the federal 8:00–21:00 by each state that applies', () => {
    expect(ruleFor([])).toBe(FEDERAL_RULE);
    expect(ruleFor(['FL']).weekday).toEqual([480, 1200]);
    expect(ruleFor(['FL', 'TX']).sunday).toEqual([720, 1200]);
    expect(ruleFor(['MS']).sunday).toBeNull();
  });

  it('defers a Florida client at 20:30 local to 8:00 the next morning', () => {
    // Tuesday 2026-11-24 20:30 EST is 01:30Z on the 25th.
    const deferred = nextAllowed(at('2026-11-25T01:30:00Z'), 'America/New_York', ruleFor(['FL']));
    expect(deferred.toISOString()).toBe('2026-11-25T13:00:00.000Z');
    // The federal rule alone allows 20:30.
    expect(allowedAt(at('2026-11-25T01:30:00Z'), 'America/New_York', FEDERAL_RULE)).toBe(true);
  });

  it('skips a Sunday where the state forbids it, and opens late on a Texas Sunday', () => {
    // Saturday 2026-11-28 20:30 CST in Mississippi: Monday 8:00.
    expect(nextAllowed(at('2026-11-29T02:30:00Z'), 'America/Chicago', ruleFor(['MS'])).toISOString()).toBe('2026-11-30T14:00:00.000Z');
    // Sunday 2026-11-29 10:00 CST in Texas: noon.
    expect(nextAllowed(at('2026-11-29T16:00:00Z'), 'America/Chicago', ruleFor(['TX'])).toISOString()).toBe('2026-11-29T18:00:00.000Z');
  });

  it('lets a time inside the hours go at once, and moves an early one to the opening the same day', () => {
    expect(nextAllowed(at('2026-11-24T15:00:00Z'), 'America/New_York', ruleFor(['FL'])).toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(nextAllowed(at('2026-11-24T11:00:00Z'), 'America/New_York', ruleFor(['CT'])).toISOString()).toBe('2026-11-24T14:00:00.000Z');
  });
});

describe('allowedAt agrees with nextAllowed', () => {
  it.each(['America/New_York', 'America/Chicago', 'America/Phoenix', 'Pacific/Honolulu', 'Etc/GMT+5'])(
    'every half hour of a week in %s',
    (zone) => {
      for (const states of [[], ['FL'], ['TX'], ['MS'], ['RI', 'PA']]) {
        const rule = ruleFor(states);
        for (let step = 0; step < 7 * 48; step += 1) {
          const at = new Date(Date.UTC(2026, 10, 23, 0, 0) + step * 30 * 60_000);
          const next = nextAllowed(at, zone, rule);
          expect(next.getTime() >= at.getTime()).toBe(true);
          expect(allowedAt(at, zone, rule)).toBe(next.getTime() === at.getTime());
        }
      }
    },
  );
});
