import { SLUG_PATTERN, slugCandidate, slugOf } from './portal-slug.js';

describe('slugOf', () => {
  it.each([
    ['Sunrise Benefits', 'sunrise-benefits'],
    ['  Sunrise   Benefits, LLC ', 'sunrise-benefits-llc'],
    ['Seguros Peña & Asociados', 'seguros-pena-and-asociados'],
    ['Ágil Salud 360', 'agil-salud-360'],
    ['A+ Medicare', 'a-medicare'],
    ['The Very Long Name Of An Insurance Agency Serving Seniors', 'the-very-long-name-of-an-insurance'],
    ['Supercalifragilisticexpialidociousinsuranceagency', 'supercalifragilisticexpialidociousinsura'],
    ['', 'agency'],
    ['***', 'agency'],
    ['保险', 'agency'],
  ])('%j → %s', (name, slug) => {
    expect(slugOf(name)).toBe(slug);
    expect(slug).toMatch(SLUG_PATTERN);
  });

  it('uses the fallback when the name has no letters', () => {
    expect(slugOf('', 'jane-smith')).toBe('jane-smith');
  });
});

describe('slugCandidate', () => {
  it('numbers the candidates after the first from 2', () => {
    expect([1, 2, 3].map((n) => slugCandidate('sunrise-benefits', n))).toEqual([
      'sunrise-benefits',
      'sunrise-benefits-2',
      'sunrise-benefits-3',
    ]);
  });
});

describe('SLUG_PATTERN', () => {
  it.each(['sunrise', 'a', 'sunrise-benefits-2'])('takes %s', (slug) => expect(slug).toMatch(SLUG_PATTERN));
  it.each(['-sunrise', 'sunrise-', 'Sunrise', 'sun rise', 'sun_rise', '', 'a'.repeat(65), '../x'])('refuses %j', (slug) =>
    expect(slug).not.toMatch(SLUG_PATTERN),
  );
});
