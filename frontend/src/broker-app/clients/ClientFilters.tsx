import { Box, Button, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext } from 'react-admin';

import type { Translation } from '../../i18n/translation.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { memberName } from '../team/members.ts';
import type { Client, PolicyType } from '../types.ts';
import { useListedMembers } from './AssignClientsDialog.tsx';
import { dayOf } from './facts.ts';
import { POLICY_CARRIERS_KEY } from './policies.ts';
import { RISK_LEVELS, type RiskLevel } from './retentionTypes.ts';
import { CLIENT_TEXTS as ENGLISH } from './texts.ts';

type Band = keyof typeof ENGLISH.engagementBands;
const BANDS: Record<Band, { engagementMin: number; engagementMax: number }> = {
  low: { engagementMin: 0, engagementMax: 39 },
  mid: { engagementMin: 40, engagementMax: 69 },
  high: { engagementMin: 70, engagementMax: 100 },
};
const INVITE_STATES = ['none', 'pending', 'expired', 'accepted'] as const;

/** The engagement band a filter's bounds are, or '' when they are none of the three. */
export function bandOf(filter: Record<string, unknown>): Band | '' {
  const found = (Object.keys(BANDS) as Band[]).find(
    (band) => BANDS[band].engagementMin === filter.engagementMin && BANDS[band].engagementMax === filter.engagementMax,
  );
  return found ?? '';
}

/** A Clients-list filter in words ('Active · Low (0–39) · “lo”'), as a campaign's audience shows it. */
export function describeClientFilter(filter: Record<string, unknown>, T: Translation<typeof ENGLISH> = ENGLISH): string {
  const parts: string[] = [];
  if (filter.isActive === true) parts.push(T.active);
  if (filter.isActive === false) parts.push(T.inactive);
  if (typeof filter.inviteStatus === 'string' && filter.inviteStatus in T.inviteWords)
    parts.push(T.inviteWords[filter.inviteStatus as (typeof INVITE_STATES)[number]]);
  const band = bandOf(filter);
  if (band) parts.push(T.engagementBands[band]);
  else if (typeof filter.engagementMin === 'number' || typeof filter.engagementMax === 'number')
    parts.push(T.engagementBetween(Number(filter.engagementMin ?? 0), Number(filter.engagementMax ?? 100)));
  for (const level of riskLevelsOf(filter)) parts.push(T.riskLevels[level]);
  if (filter.assignedTo === 'none') parts.push(T.filterNobody);
  else if (typeof filter.assignedTo === 'string') parts.push(T.assignedFilterWords);
  if (typeof filter.carrier === 'string' && filter.carrier.trim()) parts.push(T.carrierFilterWords(filter.carrier.trim()));
  if (typeof filter.policyType === 'string' && filter.policyType in T.policyTypeShort)
    parts.push(T.policyTypeFilterWords(T.policyTypeShort[filter.policyType as PolicyType]));
  if (typeof filter.effectiveYear === 'number') parts.push(T.effectiveYearFilterWords(filter.effectiveYear));
  if (filter.terminatingSoon === true) parts.push(T.filterTerminating);
  if (typeof filter.q === 'string' && filter.q.trim()) parts.push(`“${filter.q.trim()}”`);
  return parts.join(' · ');
}

/** The policy types the plan-type filter offers, in the policy form's order. */
const POLICY_TYPES = ['medicare_advantage', 'mapd', 'pdp', 'medigap', 'dental', 'vision', 'other'] as const satisfies readonly PolicyType[];

/** The filter's keys that are about the clients' policies. */
const POLICY_FILTER_KEYS = ['carrier', 'policyType', 'effectiveYear', 'terminatingSoon'];

/** The effective years offered: next year back to nine years ago, with the one chosen (from the URL) when it is older. */
export function effectiveYears(today: string, chosen?: number): number[] {
  const next = Number(today.slice(0, 4)) + 1;
  const years = Array.from({ length: 11 }, (_, index) => next - index);
  if (chosen !== undefined && !years.includes(chosen)) years.push(chosen);
  return years.sort((a, b) => b - a);
}

/** The risk levels a filter names (`riskLevel` is one level or a list of them). */
export function riskLevelsOf(filter: Record<string, unknown>): RiskLevel[] {
  const value = filter.riskLevel;
  const levels = Array.isArray(value) ? value : [value];
  return RISK_LEVELS.filter((level) => levels.includes(level));
}

/** The two orders offered beside the filters (the table's headers sort by any column). */
const SORTS = { newest: { field: 'createdAt', order: 'DESC' }, risk: { field: 'riskScore', order: 'DESC' } } as const;

/**
 * Status, invitation, engagement, risk, member and the clients' policies (carrier, plan type,
 * effective year, ending within 60 days; shown once the book has policies): each kept in the URL
 * with the search (react-admin's filter), and the order (newest or highest risk first), kept there too.
 */
export function ClientFilters() {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const { POLICY_TEXTS } = useBrokerTexts().clientPage;
  const { filterValues, setFilters, sort, setSort } = useListContext<Client>();
  const change = (patch: Record<string, unknown>, remove: string[]) => {
    const next: Record<string, unknown> = { ...filterValues, ...patch };
    for (const key of remove) if (!(key in patch)) delete next[key];
    setFilters(next, undefined, false);
  };
  const status = filterValues.isActive === true ? 'active' : filterValues.isActive === false ? 'inactive' : '';
  const invitation = typeof filterValues.inviteStatus === 'string' ? filterValues.inviteStatus : '';
  const band = bandOf(filterValues);
  const riskLevels = riskLevelsOf(filterValues);
  const risk = riskLevels.length === 1 ? riskLevels[0] : '';
  const members = useListedMembers();
  const me = useCurrentUser().data?.member.id;
  const agent = typeof filterValues.assignedTo === 'string' ? filterValues.assignedTo : '';
  const carrier = typeof filterValues.carrier === 'string' ? filterValues.carrier : '';
  const policyType = typeof filterValues.policyType === 'string' ? filterValues.policyType : '';
  const effectiveYear = typeof filterValues.effectiveYear === 'number' ? filterValues.effectiveYear : undefined;
  const terminatingSoon = filterValues.terminatingSoon === true;
  const dataProvider = useCareKeepDataProvider();
  const carriers = useQuery({ queryKey: POLICY_CARRIERS_KEY, queryFn: () => dataProvider.getPolicyCarriers() }).data ?? [];
  // A carrier from the URL that the book no longer has (or not yet loaded) stays a choice.
  const carrierChoices =
    carrier && !carriers.some((name) => name.toLowerCase() === carrier.toLowerCase()) ? [...carriers, carrier] : carriers;
  const policyFiltered = carrier !== '' || policyType !== '' || effectiveYear !== undefined || terminatingSoon;
  const filtered = status !== '' || invitation !== '' || band !== '' || risk !== '' || agent !== '' || policyFiltered;
  const order = (Object.keys(SORTS) as (keyof typeof SORTS)[]).find(
    (key) => SORTS[key].field === sort?.field && SORTS[key].order === sort?.order,
  );
  // "All" is shown, with the label above it, when a filter is off.
  const select = {
    size: 'small' as const,
    select: true,
    sx: { minWidth: 170, bgcolor: 'background.paper' },
    slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <TextField
        {...select}
        label={CLIENT_TEXTS.filterStatus}
        value={status}
        onChange={(event) => change(event.target.value === '' ? {} : { isActive: event.target.value === 'active' }, ['isActive'])}
      >
        <MenuItem value="">{CLIENT_TEXTS.filterAll}</MenuItem>
        <MenuItem value="active">{CLIENT_TEXTS.active}</MenuItem>
        <MenuItem value="inactive">{CLIENT_TEXTS.inactive}</MenuItem>
      </TextField>
      <TextField
        {...select}
        label={CLIENT_TEXTS.filterInvitation}
        value={invitation}
        onChange={(event) => change(event.target.value === '' ? {} : { inviteStatus: event.target.value }, ['inviteStatus'])}
      >
        <MenuItem value="">{CLIENT_TEXTS.filterAll}</MenuItem>
        {INVITE_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {CLIENT_TEXTS.inviteWords[state]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...select}
        label={CLIENT_TEXTS.filterEngagement}
        value={band}
        onChange={(event) => change(event.target.value === '' ? {} : BANDS[event.target.value as Band], ['engagementMin', 'engagementMax'])}
      >
        <MenuItem value="">{CLIENT_TEXTS.filterAll}</MenuItem>
        {(Object.keys(BANDS) as Band[]).map((key) => (
          <MenuItem key={key} value={key}>
            {CLIENT_TEXTS.engagementBands[key]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...select}
        label={CLIENT_TEXTS.filterRisk}
        value={risk}
        onChange={(event) => change(event.target.value === '' ? {} : { riskLevel: event.target.value }, ['riskLevel'])}
      >
        <MenuItem value="">{CLIENT_TEXTS.filterAny}</MenuItem>
        {RISK_LEVELS.map((level) => (
          <MenuItem key={level} value={level}>
            {CLIENT_TEXTS.riskFilterWords[level]}
          </MenuItem>
        ))}
      </TextField>
      {members.length > 0 && (
        <TextField
          {...select}
          label={CLIENT_TEXTS.filterAgent}
          value={agent}
          onChange={(event) => change(event.target.value === '' ? {} : { assignedTo: event.target.value }, ['assignedTo'])}
        >
          <MenuItem value="">{CLIENT_TEXTS.filterAll}</MenuItem>
          {me && <MenuItem value={me}>{CLIENT_TEXTS.filterMine}</MenuItem>}
          {members
            .filter((member) => member.id !== me)
            .map((member) => (
              <MenuItem key={member.id} value={member.id}>
                {memberName(member, '')}
              </MenuItem>
            ))}
          <MenuItem value="none">{CLIENT_TEXTS.filterNobody}</MenuItem>
        </TextField>
      )}
      {/* Once the book has policies (or a link sets one of these filters). */}
      {(carrierChoices.length > 0 || policyFiltered) && (
        <>
          <TextField
            {...select}
            label={CLIENT_TEXTS.filterCarrier}
            value={carrierChoices.find((name) => name.toLowerCase() === carrier.toLowerCase()) ?? ''}
            onChange={(event) => change(event.target.value === '' ? {} : { carrier: event.target.value }, ['carrier'])}
          >
            <MenuItem value="">{CLIENT_TEXTS.filterAll}</MenuItem>
            {carrierChoices.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...select}
            label={CLIENT_TEXTS.filterPolicyType}
            value={policyType}
            onChange={(event) => change(event.target.value === '' ? {} : { policyType: event.target.value }, ['policyType'])}
          >
            <MenuItem value="">{CLIENT_TEXTS.filterAll}</MenuItem>
            {POLICY_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {POLICY_TEXTS.planTypes[type]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...select}
            sx={{ ...select.sx, minWidth: 140 }}
            label={CLIENT_TEXTS.filterEffectiveYear}
            value={effectiveYear ?? ''}
            onChange={(event) => change(event.target.value === '' ? {} : { effectiveYear: Number(event.target.value) }, ['effectiveYear'])}
          >
            <MenuItem value="">{CLIENT_TEXTS.filterAll}</MenuItem>
            {effectiveYears(dayOf(), effectiveYear).map((year) => (
              <MenuItem key={year} value={year}>
                {year}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            sx={{ mr: 0 }}
            control={
              <Checkbox
                size="small"
                checked={terminatingSoon}
                onChange={(event) => change(event.target.checked ? { terminatingSoon: true } : {}, ['terminatingSoon'])}
              />
            }
            label={CLIENT_TEXTS.filterTerminating}
          />
        </>
      )}
      <TextField
        {...select}
        label={CLIENT_TEXTS.sortLabel}
        value={order ?? 'other'}
        onChange={(event) => {
          const next = SORTS[event.target.value as keyof typeof SORTS];
          if (next) setSort({ ...next });
        }}
      >
        <MenuItem value="newest">{CLIENT_TEXTS.sortNewest}</MenuItem>
        <MenuItem value="risk">{CLIENT_TEXTS.sortRisk}</MenuItem>
        {!order && <MenuItem value="other">{CLIENT_TEXTS.sortOther}</MenuItem>}
      </TextField>
      {filtered && (
        <Button
          onClick={() =>
            change({}, ['isActive', 'inviteStatus', 'engagementMin', 'engagementMax', 'riskLevel', 'assignedTo', ...POLICY_FILTER_KEYS])
          }
        >
          {CLIENT_TEXTS.clearFilters}
        </Button>
      )}
    </Box>
  );
}
