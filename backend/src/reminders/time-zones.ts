/**
 * US area codes outside the Eastern zone, by the zone most of the area keeps (Arizona has no
 * daylight saving). Any other +1 number counts as Eastern. Used only when the client's portal has
 * not told us their time zone.
 */
const AREA_CODES: Record<string, readonly string[]> = {
  'America/Chicago': [
    // Texas (except El Paso), Oklahoma, Kansas, Nebraska, the Dakotas, Minnesota, Iowa, Missouri,
    // Arkansas, Louisiana, Mississippi, Alabama, Wisconsin, Illinois, middle and west Tennessee.
    '210', '214', '254', '281', '325', '346', '361', '409', '430', '432', '469', '512', '682', '713', '726', '737', '806',
    '817', '830', '832', '903', '936', '940', '945', '956', '972', '979', '405', '539', '572', '580', '918', '316', '620',
    '785', '913', '308', '402', '531', '701', '605', '218', '320', '507', '612', '651', '763', '952', '319', '515', '563',
    '641', '712', '314', '417', '557', '573', '636', '660', '816', '975', '479', '501', '870', '225', '318', '337', '504',
    '985', '228', '601', '662', '769', '205', '251', '256', '334', '659', '938', '262', '274', '414', '534', '608', '715',
    '920', '217', '224', '309', '312', '331', '447', '464', '618', '630', '708', '730', '773', '779', '815', '847', '861',
    '872', '615', '629', '731', '901', '931',
  ],
  'America/Denver': ['303', '719', '720', '970', '983', '385', '435', '801', '505', '575', '307', '406', '208', '986', '915'],
  'America/Phoenix': ['480', '520', '602', '623', '928'],
  'America/Los_Angeles': [
    '209', '213', '279', '310', '323', '341', '350', '408', '415', '424', '442', '510', '530', '559', '562', '619', '626',
    '628', '650', '657', '661', '669', '707', '714', '747', '760', '805', '818', '820', '831', '840', '858', '909', '916',
    '925', '949', '951', '206', '253', '360', '425', '509', '564', '458', '503', '541', '971', '702', '725', '775',
  ],
  'America/Anchorage': ['907'],
  'Pacific/Honolulu': ['808'],
};

const ZONE_BY_AREA = new Map(Object.entries(AREA_CODES).flatMap(([zone, codes]) => codes.map((code) => [code, zone] as const)));

/** The time zone of a +1 (US) number's area code, or undefined for other countries. */
export function areaCodeTimeZone(e164: string): string | undefined {
  const match = /^\+1(\d{3})\d{7}$/.exec(e164);
  if (!match) return undefined;
  return ZONE_BY_AREA.get(match[1]!) ?? 'America/New_York';
}

/** The client's own zone (from the portal), else their phone's area code, else the broker's. */
export function clientTimeZone(client: { timeZone?: string | null; phone: string }, brokerZone: string): string {
  return client.timeZone || areaCodeTimeZone(client.phone) || brokerZone;
}
