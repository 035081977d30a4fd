/**
 * Where a US client lives, from what is known of them: the state of a ZIP code (by its first three
 * digits, as the USPS allocates them), the time zone most of a state keeps (with the ZIP areas of
 * split states that keep another), and the state of the area codes of states whose calling hours
 * are stricter than the federal ones (a number's area code is what those laws look at too).
 */

/** First three ZIP digits, as inclusive ranges, per state. */
const ZIP3: [string, [number, number][]][] = [
  [
    'MA',
    [
      [10, 27],
      [55, 55],
    ],
  ],
  ['RI', [[28, 29]]],
  ['NH', [[30, 38]]],
  ['ME', [[39, 49]]],
  [
    'VT',
    [
      [50, 54],
      [56, 59],
    ],
  ],
  ['CT', [[60, 69]]],
  ['NJ', [[70, 89]]],
  [
    'PR',
    [
      [6, 7],
      [9, 9],
    ],
  ],
  [
    'NY',
    [
      [5, 5],
      [100, 149],
    ],
  ],
  ['PA', [[150, 196]]],
  ['DE', [[197, 199]]],
  [
    'DC',
    [
      [200, 200],
      [202, 205],
    ],
  ],
  ['MD', [[206, 219]]],
  [
    'VA',
    [
      [201, 201],
      [220, 246],
    ],
  ],
  ['WV', [[247, 268]]],
  ['NC', [[270, 289]]],
  ['SC', [[290, 299]]],
  [
    'GA',
    [
      [300, 319],
      [398, 399],
    ],
  ],
  [
    'FL',
    [
      [320, 339],
      [341, 349],
    ],
  ],
  ['AL', [[350, 369]]],
  ['TN', [[370, 385]]],
  ['MS', [[386, 397]]],
  ['KY', [[400, 427]]],
  ['OH', [[430, 459]]],
  ['IN', [[460, 479]]],
  ['MI', [[480, 499]]],
  ['IA', [[500, 528]]],
  ['WI', [[530, 549]]],
  ['MN', [[550, 567]]],
  ['SD', [[570, 577]]],
  ['ND', [[580, 588]]],
  ['MT', [[590, 599]]],
  ['IL', [[600, 629]]],
  ['MO', [[630, 658]]],
  ['KS', [[660, 679]]],
  ['NE', [[680, 693]]],
  ['LA', [[700, 714]]],
  ['AR', [[716, 729]]],
  ['OK', [[730, 749]]],
  [
    'TX',
    [
      [750, 799],
      [885, 885],
    ],
  ],
  ['CO', [[800, 816]]],
  ['WY', [[820, 831]]],
  ['ID', [[832, 838]]],
  ['UT', [[840, 847]]],
  ['AZ', [[850, 865]]],
  ['NM', [[870, 884]]],
  ['NV', [[889, 898]]],
  ['CA', [[900, 961]]],
  ['HI', [[967, 968]]],
  ['OR', [[970, 979]]],
  ['WA', [[980, 994]]],
  ['AK', [[995, 999]]],
];

/** The zone most of each state keeps. */
const STATE_ZONES: Record<string, string> = {
  ...Object.fromEntries(
    [
      'CT',
      'DE',
      'DC',
      'FL',
      'GA',
      'IN',
      'KY',
      'ME',
      'MD',
      'MA',
      'MI',
      'NH',
      'NJ',
      'NY',
      'NC',
      'OH',
      'PA',
      'RI',
      'SC',
      'VT',
      'VA',
      'WV',
    ].map((state) => [state, 'America/New_York']),
  ),
  ...Object.fromEntries(
    ['AL', 'AR', 'IL', 'IA', 'KS', 'LA', 'MN', 'MS', 'MO', 'NE', 'ND', 'OK', 'SD', 'TN', 'TX', 'WI'].map((state) => [
      state,
      'America/Chicago',
    ]),
  ),
  ...Object.fromEntries(['CO', 'ID', 'MT', 'NM', 'UT', 'WY'].map((state) => [state, 'America/Denver'])),
  ...Object.fromEntries(['CA', 'NV', 'OR', 'WA'].map((state) => [state, 'America/Los_Angeles'])),
  AZ: 'America/Phoenix',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  PR: 'America/Puerto_Rico',
};

/** ZIP areas of split states that keep another zone than most of their state. */
const ZIP3_ZONES: [number, number, string][] = [
  [324, 325, 'America/Chicago'], // Florida's western panhandle
  [376, 379, 'America/New_York'], // East Tennessee
  [420, 424, 'America/Chicago'], // Western Kentucky
  [463, 464, 'America/Chicago'], // Northwest Indiana
  [476, 477, 'America/Chicago'], // Southwest Indiana
  [575, 577, 'America/Denver'], // Western South Dakota
  [690, 693, 'America/Denver'], // Western Nebraska
  [798, 799, 'America/Denver'], // El Paso
  [885, 885, 'America/Denver'], // El Paso
  [835, 838, 'America/Los_Angeles'], // North Idaho
];

/** Area codes of the states with calling hours stricter than the federal ones (see calling-rules.ts). */
const RULE_STATE_AREA_CODES: Record<string, string[]> = {
  FL: [
    '239',
    '305',
    '321',
    '324',
    '352',
    '386',
    '407',
    '448',
    '561',
    '645',
    '656',
    '689',
    '727',
    '728',
    '754',
    '772',
    '786',
    '813',
    '850',
    '863',
    '904',
    '941',
    '954',
  ],
  OK: ['405', '539', '572', '580', '918'],
  MD: ['227', '240', '301', '410', '443', '667'],
  WA: ['206', '253', '360', '425', '509', '564'],
  AL: ['205', '251', '256', '334', '483', '659', '938'],
  LA: ['225', '318', '337', '504', '985'],
  MS: ['228', '601', '662', '769'],
  MA: ['339', '351', '413', '508', '617', '774', '781', '857', '978'],
  CT: ['203', '475', '860', '959'],
  RI: ['401'],
  UT: ['385', '435', '801'],
  MN: ['218', '320', '507', '612', '651', '763', '952'],
  TX: [
    '210',
    '214',
    '254',
    '281',
    '325',
    '346',
    '361',
    '409',
    '430',
    '432',
    '469',
    '512',
    '682',
    '713',
    '726',
    '737',
    '806',
    '817',
    '830',
    '832',
    '903',
    '915',
    '936',
    '940',
    '945',
    '956',
    '972',
    '979',
  ],
  PA: ['215', '223', '267', '272', '412', '445', '484', '570', '582', '610', '717', '724', '814', '835', '878'],
};
const STATE_BY_AREA = new Map(
  Object.entries(RULE_STATE_AREA_CODES).flatMap(([state, codes]) => codes.map((code) => [code, state] as const)),
);

export const US_STATES = Object.keys(STATE_ZONES).sort();

/** A five-digit ZIP code (ZIP+4 keeps its first five), or undefined. */
export function normalizeZip(value: string | null | undefined): string | undefined {
  const match = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(value ?? '');
  return match?.[1];
}

/** A two-letter state code we know, upper-cased, or undefined. */
export function normalizeState(value: string | null | undefined): string | undefined {
  const code = (value ?? '').trim().toUpperCase();
  return code in STATE_ZONES ? code : undefined;
}

/** The state a ZIP code is in, by its first three digits. */
export function stateOfZip(zip: string | null | undefined): string | undefined {
  const five = normalizeZip(zip);
  if (!five) return undefined;
  const prefix = Number(five.slice(0, 3));
  return ZIP3.find(([, ranges]) => ranges.some(([from, to]) => prefix >= from && prefix <= to))?.[0];
}

/** The time zone of a ZIP code (its area's, in a split state), else of a state. */
export function zoneOfPlace(place: { zip?: string | null; state?: string | null }): string | undefined {
  const five = normalizeZip(place.zip);
  if (five) {
    const prefix = Number(five.slice(0, 3));
    const split = ZIP3_ZONES.find(([from, to]) => prefix >= from && prefix <= to);
    if (split) return split[2];
    const state = stateOfZip(five);
    if (state) return STATE_ZONES[state];
  }
  const state = normalizeState(place.state);
  return state ? STATE_ZONES[state] : undefined;
}

/**
 * Every state whose calling hours may apply to a client: where they live (their state, else their
 * ZIP code's) and where their phone number's area code is, when that is a state with its own hours.
 */
export function statesOf(client: { zip?: string | null; state?: string | null; phone?: string | null }): string[] {
  const states = new Set<string>();
  const lives = normalizeState(client.state) ?? stateOfZip(client.zip);
  if (lives) states.add(lives);
  const area = /^\+1(\d{3})\d{7}$/.exec(client.phone ?? '')?.[1];
  const byArea = area ? STATE_BY_AREA.get(area) : undefined;
  if (byArea) states.add(byArea);
  return [...states];
}
