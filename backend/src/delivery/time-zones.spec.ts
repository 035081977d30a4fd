import { areaCodeTimeZone, clientTimeZone } from './time-zones.js';

describe('time zones', () => {
  it.each([
    ['+12125550100', 'America/New_York'],
    ['+16155550100', 'America/Chicago'],
    ['+13035550100', 'America/Denver'],
    ['+16025550100', 'America/Phoenix'],
    ['+14155550100', 'America/Los_Angeles'],
    ['+19075550100', 'America/Anchorage'],
    ['+18085550100', 'Pacific/Honolulu'],
    ['+442079460958', undefined],
  ])('%s is in %s', (phone, zone) => {
    expect(areaCodeTimeZone(phone)).toBe(zone);
  });

  it('prefers the portal’s zone, then the area code, then the broker’s', () => {
    expect(clientTimeZone({ timeZone: 'America/Boise', phone: '+12125550100' }, 'UTC')).toBe('America/Boise');
    expect(clientTimeZone({ timeZone: null, phone: '+14155550100' }, 'UTC')).toBe('America/Los_Angeles');
    expect(clientTimeZone({ phone: '+442079460958' }, 'Europe/London')).toBe('Europe/London');
  });

  it('takes where the client lives (ZIP code, else state) before the area code', () => {
    // A New York number, a Tampa ZIP code: Eastern either way; a Pensacola ZIP code: Central.
    expect(clientTimeZone({ phone: '+12125550100', zip: '32501' }, 'UTC')).toBe('America/Chicago');
    expect(clientTimeZone({ phone: '+12125550100', state: 'AZ' }, 'UTC')).toBe('America/Phoenix');
    expect(clientTimeZone({ phone: '+12125550100', zip: '79901', state: 'TX' }, 'UTC')).toBe('America/Denver');
    expect(clientTimeZone({ timeZone: 'America/Boise', phone: '+12125550100', zip: '32501' }, 'UTC')).toBe('America/Boise');
  });
});
