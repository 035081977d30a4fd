import { claimsFor, normalizeEmail } from './dev-accounts.js';

describe('development provider accounts', () => {
  it('uses the demo accounts’ names', () => {
    expect(claimsFor('dana.whitfield@example.com')).toMatchObject({ given_name: 'Dana', family_name: 'Whitfield' });
    expect(claimsFor('admin@example.com').name).toBe('Avery Admin');
  });

  it.each(['jane.doe@agency.test', 'bob@agency.test', 'qa.broker.1795444762483@agency.test'])(
    'gives no name for %s, as a provider that knows none',
    (email) => {
      const claims = claimsFor(email);
      expect(claims).toEqual({ sub: email, email, email_verified: true });
    },
  );

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
