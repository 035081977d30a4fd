import { Box } from '@mui/material';
import { DateInput, maxLength, SelectInput, TextInput } from 'react-admin';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { dateOfBirthProblem, planEffectiveDateProblem } from './facts.ts';
import { PLAN_TYPES } from './retentionTypes.ts';
import { CARRIER_MAX } from './texts.ts';

/** Date of birth, plan type, plan effective date and carrier: all optional, dates checked as real days. */
export function ClientFactsInputs() {
  const { CLIENT_TEXTS: T } = useBrokerTexts().clients;
  return (
    <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <DateInput source="dateOfBirth" label={T.dateOfBirth} validate={(value: unknown) => dateOfBirthProblem(value, T)} fullWidth />
      <SelectInput
        source="planType"
        label={T.planType}
        choices={PLAN_TYPES.map((id) => ({ id, name: T.planTypes[id] }))}
        emptyText={T.planTypeNone}
        translateChoice={false}
        fullWidth
      />
      <DateInput
        source="planEffectiveDate"
        label={T.planEffectiveDate}
        validate={(value: unknown) => planEffectiveDateProblem(value, T)}
        fullWidth
      />
      <TextInput
        source="carrier"
        label={T.carrier}
        helperText={T.carrierHelp}
        validate={maxLength(CARRIER_MAX, T.carrierTooLong)}
        autoComplete="off"
        fullWidth
      />
    </Box>
  );
}
