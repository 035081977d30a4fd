import { FormControl, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { useId } from 'react';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import { CATEGORY_ORDER } from '../../resources/texts.ts';
import type { ResourceCategory } from '../../types.ts';

export interface ResourceDetails {
  title: string;
  description: string;
  category: ResourceCategory;
}

export const EMPTY_DETAILS: ResourceDetails = { title: '', description: '', category: 'general' };

/** Title, description and category: the upload and edit dialogs share them. */
export function ResourceInputs({
  value,
  onChange,
  disabled,
  titleError,
}: {
  value: ResourceDetails;
  onChange: (value: ResourceDetails) => void;
  disabled?: boolean;
  titleError?: boolean;
}) {
  const { ADMIN_RESOURCES_TEXTS: T } = useBrokerTexts().adminResources;
  const { CATEGORY_LABELS } = useBrokerTexts().resources;
  const categoryLabelId = useId();
  return (
    <Stack spacing={2}>
      <TextField
        label={T.titleLabel}
        required
        fullWidth
        value={value.title}
        error={titleError}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, title: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        label={T.descriptionLabel}
        fullWidth
        multiline
        minRows={3}
        value={value.description}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, description: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <FormControl fullWidth disabled={disabled}>
        <InputLabel id={categoryLabelId}>{T.categoryLabel}</InputLabel>
        <Select
          labelId={categoryLabelId}
          label={T.categoryLabel}
          value={value.category}
          onChange={(event) => onChange({ ...value, category: event.target.value })}
        >
          {CATEGORY_ORDER.map((category) => (
            <MenuItem key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  );
}
