import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useGetList } from 'react-admin';

import type { Client } from '../types.ts';
import { formatPhone } from './format.ts';

/** How many clients the picker shows for what is typed: the server searches, so any book size works. */
export const PICKER_PAGE = 20;
/** Typing waits this long before asking the server. */
export const PICKER_DEBOUNCE_MS = 300;
const FIRST_PAGE = { pagination: { page: 1, perPage: PICKER_PAGE }, sort: { field: 'lastName', order: 'ASC' as const } };

export const clientName = (client: Pick<Client, 'firstName' | 'lastName'>) => `${client.firstName} ${client.lastName}`.trim();

/** Whether the broker has any client yet (the picker's own first page, so one request serves both). */
export function useHasClients(): boolean | undefined {
  const { total, isPending } = useGetList<Client>('clients', { ...FIRST_PAGE, filter: {} });
  return isPending ? undefined : (total ?? 0) > 0;
}

interface Props {
  label: string;
  /** The chosen client, or null. */
  value: Client | null;
  onChange: (client: Client | null) => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  sx?: object;
}

/**
 * A client picker that asks the server for what is typed (`filter.q` on name, phone and e-mail),
 * a page of 20 at a time: it works the same for 5 clients and for 5,000.
 */
export function ClientPicker({ label, value, onChange, error, helperText, required, disabled, size, sx }: Props) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // What is shown in the box once a client is chosen is their name: it is not a search.
  const searching = value === null || typed !== clientName(value) ? query : '';
  const { data, isFetching } = useGetList<Client>('clients', { ...FIRST_PAGE, filter: searching ? { q: searching } : {} });
  // The chosen client stays among the options while the server's page changes.
  const options = useMemo(() => {
    const page = data ?? [];
    return value && !page.some((c) => c.id === value.id) ? [value, ...page] : page;
  }, [data, value]);

  return (
    <Autocomplete<Client>
      options={options}
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={typed}
      onInputChange={(_, next) => setTyped(next)}
      // The server filters; the list is what it answered.
      filterOptions={(shown) => shown}
      getOptionLabel={clientName}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={isFetching}
      disabled={disabled}
      size={size}
      sx={sx}
      renderOption={({ key, ...props }, client) => (
        <Box component="li" key={key} {...props}>
          {clientName(client)}
          <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '0.875rem' }}>
            {formatPhone(client.phone)}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error ?? helperText} />
      )}
    />
  );
}
