import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { DEPARTURE_REASONS, type DepartureReason } from './retentionTypes.ts';

/** "Why is this client leaving?": the four reasons the retention figures count, Other by default. */
export function DepartureReasonChoice({
  value,
  onChange,
  many = false,
}: {
  value: DepartureReason;
  onChange: (reason: DepartureReason) => void;
  many?: boolean;
}) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const labelId = useId();
  return (
    <FormControl sx={{ mt: 2 }}>
      <FormLabel id={labelId} sx={{ color: 'text.primary', fontWeight: 600 }}>
        {many ? CLIENT_TEXTS.leavingQuestionMany : CLIENT_TEXTS.leavingQuestion}
      </FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value as DepartureReason)}>
        {DEPARTURE_REASONS.map((reason) => (
          <FormControlLabel key={reason} value={reason} control={<Radio size="small" />} label={CLIENT_TEXTS.departureReasons[reason]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
