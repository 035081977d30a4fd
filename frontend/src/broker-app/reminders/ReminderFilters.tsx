import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetMany, useListContext } from 'react-admin';

import { ClientPicker } from '../clients/ClientPicker.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { Client, Reminder } from '../types.ts';

const STATUSES = ['pending', 'completed', 'failed'] as const;
const METHODS = ['voice', 'sms'] as const;
const FILTER_KEYS = ['status', 'deliveryMethod', 'clientId', 'scheduledFrom', 'scheduledTo'];

/** A local day's first and last instant, as the server's date filter takes them. */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();
const dayOf = (iso: unknown) => {
  if (typeof iso !== 'string') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** Status, delivery, client and a date range: each kept in the URL with the search (react-admin's filter). */
export function ReminderFilters() {
  const { REMINDER_TEXTS: T } = useBrokerTexts().reminders;
  const { filterValues, setFilters } = useListContext<Reminder>();
  const change = (key: string, value: unknown) => {
    const next: Record<string, unknown> = { ...filterValues };
    if (value === '' || value === null || value === undefined) delete next[key];
    else next[key] = value;
    setFilters(next, undefined, false);
  };
  const clientId = typeof filterValues.clientId === 'string' ? filterValues.clientId : undefined;
  // The chosen client, named even after a reload (getMany of one id).
  const [picked, setPicked] = useState<Client | null>(null);
  const { data: named } = useGetMany<Client>(
    'clients',
    { ids: clientId ? [clientId] : [] },
    { enabled: Boolean(clientId) && picked?.id !== clientId },
  );
  const client = clientId ? (picked?.id === clientId ? picked : (named?.[0] ?? null)) : null;
  const filtered = FILTER_KEYS.some((key) => key in filterValues);
  const field = {
    size: 'small' as const,
    sx: { minWidth: 150, flex: { xs: '1 1 140px', sm: '0 1 auto' }, bgcolor: 'background.paper' },
    slotProps: { inputLabel: { shrink: true } },
  };
  const select = { ...field, select: true, slotProps: { ...field.slotProps, select: { displayEmpty: true } } };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <TextField
        {...select}
        label={T.filterStatus}
        value={filterValues.status ?? ''}
        onChange={(event) => change('status', event.target.value)}
      >
        <MenuItem value="">{T.filterAll}</MenuItem>
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {T.status[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...select}
        label={T.filterMethod}
        value={filterValues.deliveryMethod ?? ''}
        onChange={(event) => change('deliveryMethod', event.target.value)}
      >
        <MenuItem value="">{T.filterAll}</MenuItem>
        {METHODS.map((method) => (
          <MenuItem key={method} value={method}>
            {T.method[method]}
          </MenuItem>
        ))}
      </TextField>
      <ClientPicker
        label={T.filterClient}
        value={client}
        onChange={(next) => {
          setPicked(next);
          change('clientId', next?.id);
        }}
        size="small"
        sx={{ minWidth: 240, flex: { xs: '1 1 100%', sm: '0 1 auto' }, bgcolor: 'background.paper' }}
      />
      <TextField
        {...field}
        type="date"
        label={T.filterFrom}
        value={dayOf(filterValues.scheduledFrom)}
        onChange={(event) => change('scheduledFrom', event.target.value ? dayStart(event.target.value) : '')}
      />
      <TextField
        {...field}
        type="date"
        label={T.filterTo}
        value={dayOf(filterValues.scheduledTo)}
        onChange={(event) => change('scheduledTo', event.target.value ? dayEnd(event.target.value) : '')}
      />
      {filtered && (
        <Button
          onClick={() => {
            const { q } = filterValues;
            setPicked(null);
            setFilters(typeof q === 'string' ? { q } : {}, undefined, false);
          }}
        >
          {T.clearFilters}
        </Button>
      )}
    </Box>
  );
}
