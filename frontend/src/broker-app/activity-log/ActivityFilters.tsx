import type { SxProps, Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { DateInput, useListContext } from 'react-admin';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { MEMBERS_KEY } from '../team/members.ts';
import type { AgencyEvent } from '../types.ts';
import { FilterSelectInput } from '../ui/ListFilters.tsx';
import { actionChoices, eventMemberName, memberChoice } from './format.ts';

/** A filter of the list: react-admin's filter form reads `alwaysOn` from its props. */
interface FilterProps {
  source: string;
  label: string;
  alwaysOn?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * The member filter: the team's members who joined, as the Team page lists them. A member chosen
 * through the address who is no longer on the team (removed) keeps their name from the entries.
 */
function MemberInput({ source, label, sx }: FilterProps) {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const dataProvider = useCareKeepDataProvider();
  const { data: members } = useQuery({ queryKey: MEMBERS_KEY, queryFn: () => dataProvider.getMembers() });
  const { filterValues, data: entries } = useListContext<AgencyEvent>();
  const choices = (members ?? []).filter((member) => member.status === 'active').map(memberChoice);
  const current = filterValues.memberId as unknown;
  if (typeof current === 'string' && current && !choices.some((choice) => choice.id === current)) {
    const named = entries?.find((entry) => entry.member.id === current)?.member;
    choices.push({ id: current, name: named ? eventMemberName(named) : T.unknownMember });
  }
  return <FilterSelectInput source={source} label={label} choices={choices} emptyText={T.all} sx={sx} />;
}

/**
 * The action filter: every action the log records, by its words in the app's language. Both selects
 * name their no-filter choice 'All' to a screen reader too (react-admin's says 'Clear value').
 */
function ActionInput({ source, label, sx }: FilterProps) {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const { filterValues } = useListContext();
  return <FilterSelectInput source={source} label={label} choices={actionChoices(filterValues.action)} emptyText={T.all} sx={sx} />;
}

/**
 * The log's filters, kept in the address by react-admin's list: member, action and days (whole days
 * in the agency's time zone, as the server reads them). On a narrow screen only the member shows;
 * the others come through Add filter.
 */
export function useActivityFilters(narrow: boolean): ReactElement[] {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const shown = !narrow;
  const width = (md: number) => ({ width: { xs: 260, md } });
  // The selects' bottom edge on the date inputs' line (a dense TextField keeps 4 px below it).
  const select = (md: number) => ({ ...width(md), mb: 0 });
  return [
    <MemberInput key="memberId" source="memberId" label={T.member} alwaysOn sx={select(200)} />,
    <ActionInput key="action" source="action" label={T.action} alwaysOn={shown} sx={select(240)} />,
    <DateInput key="from" source="from" label={T.from} alwaysOn={shown} sx={width(160)} />,
    <DateInput key="to" source="to" label={T.to} alwaysOn={shown} sx={width(160)} />,
  ];
}
