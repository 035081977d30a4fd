import { Box, TextField } from '@mui/material';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { NameValues } from './profile.ts';
import { PROFILE_NAME_MAX } from './texts.ts';

interface NameInputsProps {
  values: NameValues;
  errors: Partial<Record<string, string>>;
  onChange: (field: keyof NameValues, value: string) => void;
  autoFocus?: boolean;
}

/** First and last name, shared by the profile step and Settings. */
export function NameInputs({ values, errors, onChange, autoFocus = false }: NameInputsProps) {
  const { SETTINGS_TEXTS: T } = useBrokerTexts().settings;
  const field = (name: keyof NameValues, label: string, autoComplete: string, focus: boolean) => (
    <TextField
      id={name}
      name={name}
      label={label}
      value={values[name]}
      onChange={(event) => onChange(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      autoComplete={autoComplete}
      autoFocus={focus}
      required
      slotProps={{ htmlInput: { maxLength: PROFILE_NAME_MAX } }}
      fullWidth
    />
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      {field('firstName', T.firstName, 'given-name', autoFocus)}
      {field('lastName', T.lastName, 'family-name', false)}
    </Box>
  );
}
