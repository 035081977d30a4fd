import { claimsFor, normalizeEmail } from './dev-accounts.js';

describe('development provider accounts', () => {
  it('uses the demo accounts’ names', () => {
    expect(claimsFor('dana.whitfield@example.com')).toMatchObject({ given_name: 'Dana', family_name: 'Whitfield' });
    expect(claimsFor('admin@example.com').name).toBe('Avery Admin');
  });

  it.each([
    ['jane.doe@agency.test', 'Jane', 'Doe'],
    ['bob@agency.test', 'Bob', 'Broker'],
    ['mary-ann_smith+aep@agency.test', 'Mary', 'Ann Smith Aep'],
  ])('derives a name for %s', (email, given, family) => {
    expect(claimsFor(email)).toMatchObject({ sub: email, email, email_verified: true, given_name: given, family_name: family });
  });

  it.each([
    [' Jane.Doe@Agency.Test ', 'jane.doe@agency.test'],
    ['not-an-email', undefined],
    ['', undefined],
    [42, undefined],
    ['a b@c.d', undefined],
  ])('normalises %j to %j', (raw, email) => {
    expect(normalizeEmail(raw)).toBe(email);
  });
});
