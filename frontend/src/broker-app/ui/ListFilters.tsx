import { Box, MenuItem, type SxProps, TextField, type Theme } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { useInput } from 'react-admin';

/** The form of a list's own filters (react-admin's FilterLiveForm `formComponent`): the inputs side by side, wrapping. */
export function FilterRow({ onSubmit, children }: { onSubmit?: FormEventHandler<HTMLFormElement>; children?: ReactNode }) {
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        columnGap: 2,
        flex: '1 1 auto',
        minWidth: 0,
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      {children}
    </Box>
  );
}

export interface FilterChoice {
  id: string;
  name: string;
}

/**
 * A list filter's select whose first choice, no filter, is named by its own words ('All') for the
 * eye and for a screen reader alike: react-admin's SelectInput names that choice 'Clear value'.
 */
export function FilterSelectInput({
  source,
  label,
  choices,
  emptyText,
  sx,
}: {
  source: string;
  label: string;
  choices: readonly FilterChoice[];
  emptyText: string;
  sx?: SxProps<Theme>;
}) {
  const { field, id } = useInput<string>({ source });
  return (
    <TextField
      select
      id={id}
      name={field.name}
      label={label}
      size="small"
      margin="dense"
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      sx={sx}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{emptyText}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
