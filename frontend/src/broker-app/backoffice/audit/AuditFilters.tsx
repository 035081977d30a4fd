import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { AutocompleteInput, DateInput, ReferenceInput, SelectInput, type SelectInputProps, TextInput, useListContext } from 'react-admin';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../../providers/dataProvider.ts';
import type { AdminBrokerRow } from '../../types.ts';
import { brokerName } from '../brokers/format.ts';
import { actionChoices, adminChoiceLabel } from './format.ts';

export const AUDIT_ADMINS_KEY = ['admin', 'audit', 'admins'] as const;

/** The admin filter: every platform admin and anyone who acted as one (the list is short). */
function AdminInput(props: SelectInputProps) {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const dataProvider = useCareKeepDataProvider();
  const { data, isPending } = useQuery({ queryKey: AUDIT_ADMINS_KEY, queryFn: () => dataProvider.getAuditAdmins() });
  return <SelectInput {...props} choices={data ?? []} optionText={adminChoiceLabel} emptyText={T.all} isPending={isPending} />;
}

/** The action filter: every action the app has words for, by those words. */
function ActionInput(props: SelectInputProps) {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const { filterValues } = useListContext();
  return <SelectInput {...props} choices={actionChoices(filterValues.action)} emptyText={T.all} />;
}

const brokerOption = (row: AdminBrokerRow) => row.broker.email ?? brokerName(row.broker);

/**
 * The log's filters, kept in the address by react-admin's list: search, admin, broker (searched by
 * e-mail or name, as on Broker Management), action and days. On a narrow screen only the search
 * shows; the others come through Add filter.
 */
export function useAuditFilters(narrow: boolean): ReactElement[] {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const shown = !narrow;
  // Two rows beside the export button at 1280 px; on a phone each filter takes the width beside its remove button.
  const width = (md: number) => ({ width: { xs: 260, md } });
  return [
    <TextInput key="q" source="q" label={T.search} placeholder={T.searchPlaceholder} alwaysOn sx={{ width: { xs: 300, md: 220 } }} />,
    <AdminInput key="adminId" source="adminId" label={T.admin} alwaysOn={shown} sx={width(180)} />,
    <ReferenceInput
      key="brokerId"
      source="brokerId"
      reference="admin/brokers"
      label={T.broker}
      sort={{ field: 'email', order: 'ASC' }}
      alwaysOn={shown}
    >
      <AutocompleteInput label={T.broker} optionText={brokerOption} filterToQuery={(q: string) => ({ q })} size="small" sx={width(220)} />
    </ReferenceInput>,
    <ActionInput key="action" source="action" label={T.action} alwaysOn={shown} sx={width(220)} />,
    <DateInput key="from" source="from" label={T.from} alwaysOn={shown} sx={width(160)} />,
    <DateInput key="to" source="to" label={T.to} alwaysOn={shown} sx={width(160)} />,
  ];
}
