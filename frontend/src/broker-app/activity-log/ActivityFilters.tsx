import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { DateInput, SelectInput, type SelectInputProps, useListContext } from 'react-admin';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { MEMBERS_KEY } from '../team/members.ts';
import type { AgencyEvent } from '../types.ts';
import { actionChoices, eventMemberName, memberChoice } from './format.ts';

/**
 * The member filter: the team as the Team page lists it. A member chosen through the address who is
 * no longer on the team (removed) keeps their name from the entries on screen.
 */
function MemberInput(props: SelectInputProps) {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const dataProvider = useCareKeepDataProvider();
  const { data: members, isPending } = useQuery({ queryKey: MEMBERS_KEY, queryFn: () => dataProvider.getMembers() });
  const { filterValues, data: entries } = useListContext<AgencyEvent>();
  const choices = (members ?? []).filter((member) => member.status === 'active').map(memberChoice);
  const current = filterValues.memberId as unknown;
  if (typeof current === 'string' && current && !choices.some((choice) => choice.id === current)) {
    const named = entries?.find((entry) => entry.member.id === current)?.member;
    choices.push({ id: current, name: named ? eventMemberName(named) : T.unknownMember });
  }
  return <SelectInput {...props} choices={choices} emptyText={T.all} isPending={isPending} />;
}

/** The action filter: every action the log records, by its words in the app's language. */
function ActionInput(props: SelectInputProps) {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const { filterValues } = useListContext();
  return <SelectInput {...props} choices={actionChoices(filterValues.action)} emptyText={T.all} />;
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
  return [
    <MemberInput key="memberId" source="memberId" label={T.member} alwaysOn sx={width(200)} />,
    <ActionInput key="action" source="action" label={T.action} alwaysOn={shown} sx={width(240)} />,
    <DateInput key="from" source="from" label={T.from} alwaysOn={shown} sx={width(160)} />,
    <DateInput key="to" source="to" label={T.to} alwaysOn={shown} sx={width(160)} />,
  ];
}
