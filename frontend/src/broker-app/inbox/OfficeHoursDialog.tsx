import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Skeleton,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { OfficeHours, OfficeHoursChange } from '../types.ts';
import { useToast } from '../ui/toast.tsx';
import { INBOX_KEY } from './unread.ts';

export const OFFICE_HOURS_KEY = [...INBOX_KEY, 'office-hours'] as const;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type Day = (typeof DAYS)[number];
type Week = OfficeHoursChange['week'];
const PROMISE_DAYS = [1, 2, 3, 4, 5];
const STANDARD_DAY = { open: '09:00', close: '17:00' };

/**
 * The agency's office hours for texts (owners): each day open or closed with its hours, holidays,
 * the auto-reply in English and Spanish, and the promise of a reply in business days.
 */
export function OfficeHoursDialog({ onClose }: { onClose: () => void }) {
  const { INBOX_TEXTS: T } = useBrokerTexts().inbox;
  const dataProvider = useCareKeepDataProvider();
  const hours = useQuery({ queryKey: OFFICE_HOURS_KEY, queryFn: () => dataProvider.getOfficeHours() });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="office-hours-title">
      <DialogTitle id="office-hours-title">{T.officeTitle}</DialogTitle>
      {hours.isPending ? (
        <DialogContent>
          <Skeleton variant="rounded" height={320} />
        </DialogContent>
      ) : hours.isError ? (
        <>
          <DialogContent>
            <Alert severity="error">{T.officeLoadFailed}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{T.close}</Button>
          </DialogActions>
        </>
      ) : (
        <OfficeHoursForm saved={hours.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function OfficeHoursForm({ saved, onClose }: { saved: OfficeHours; onClose: () => void }) {
  const { INBOX_TEXTS: T } = useBrokerTexts().inbox;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [week, setWeek] = useState<Week>(saved.week);
  const [holidays, setHolidays] = useState(saved.holidays);
  const [autoReply, setAutoReply] = useState(saved.autoReply);
  const [autoReplyEn, setAutoReplyEn] = useState(saved.autoReplyEn);
  const [autoReplyEs, setAutoReplyEs] = useState(saved.autoReplyEs);
  const [replyPromiseDays, setReplyPromiseDays] = useState(saved.replyPromiseDays);
  const [holidayDate, setHolidayDate] = useState('');
  const [holidayName, setHolidayName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const save = useMutation({
    mutationFn: () => dataProvider.saveOfficeHours({ week, holidays, autoReply, autoReplyEn, autoReplyEs, replyPromiseDays }),
    onSuccess: (next) => {
      queryClient.setQueryData(OFFICE_HOURS_KEY, next);
      void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
      toast({ title: T.officeSaved });
      onClose();
    },
    onError: (error) => setProblem(serverMessage(error) ?? T.officeFailed),
  });
  const setDay = (day: Day, value: Week[Day]) => setWeek((current) => ({ ...current, [day]: value }));
  const addHoliday = () => {
    if (!holidayDate || !holidayName.trim()) return;
    setHolidays((current) =>
      [...current.filter((h) => h.date !== holidayDate), { date: holidayDate, name: holidayName.trim() }].sort((a, b) =>
        a.date.localeCompare(b.date),
      ),
    );
    setHolidayDate('');
    setHolidayName('');
  };

  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        <Box
          component="form"
          id="office-hours-form"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
          sx={{ display: 'grid', gap: 2.5, pt: 1 }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 16rem' }}>
              {T.officeIntro(saved.timeZone)}
            </Typography>
            <Chip size="small" color={saved.openNow ? 'success' : 'default'} label={saved.openNow ? T.openNow : T.closedNow} />
          </Box>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {T.weekLabel}
            </Typography>
            {DAYS.map((day) => {
              const hours = week[day];
              return (
                <Box key={day} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                  <FormControlLabel
                    sx={{ minWidth: '9.5rem', mr: 0 }}
                    control={
                      <Checkbox
                        checked={hours !== null}
                        onChange={(event) => setDay(day, event.target.checked ? STANDARD_DAY : null)}
                        slotProps={{ input: { 'aria-label': T.openDay(T.days[day]) } }}
                      />
                    }
                    label={T.days[day]}
                  />
                  {hours ? (
                    (['open', 'close'] as const).map((end) => (
                      <TextField
                        key={end}
                        type="time"
                        size="small"
                        label={end === 'open' ? T.opens : T.closes}
                        value={hours[end]}
                        onChange={(event) => setDay(day, { ...hours, [end]: event.target.value })}
                        slotProps={{
                          inputLabel: { shrink: true },
                          htmlInput: { 'aria-label': `${T.days[day]}: ${end === 'open' ? T.opens : T.closes}` },
                        }}
                        sx={{ width: '8.5rem' }}
                      />
                    ))
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {T.closed}
                    </Typography>
                  )}
                </Box>
              );
            })}
          </Box>

          <Box sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="subtitle2" component="h3">
              {T.holidays}
            </Typography>
            {holidays.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {T.noHolidays}
              </Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
                {holidays.map((holiday) => (
                  <Box component="li" key={holiday.date} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Typography variant="body2" sx={{ flex: 1 }}>
                      {holiday.date} · {holiday.name}
                    </Typography>
                    <IconButton
                      size="small"
                      aria-label={T.removeHoliday(holiday.name)}
                      onClick={() => setHolidays((current) => current.filter((h) => h.date !== holiday.date))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Box>
                ))}
              </Box>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <TextField
                type="date"
                size="small"
                label={T.holidayDate}
                value={holidayDate}
                onChange={(event) => setHolidayDate(event.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                size="small"
                label={T.holidayName}
                value={holidayName}
                onChange={(event) => setHolidayName(event.target.value)}
                slotProps={{ htmlInput: { maxLength: 80 } }}
                sx={{ flex: '1 1 10rem' }}
              />
              <Button variant="outlined" onClick={addHoliday} disabled={!holidayDate || !holidayName.trim()}>
                {T.addHoliday}
              </Button>
            </Box>
          </Box>

          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <FormControlLabel
              control={<Switch checked={autoReply} onChange={(event) => setAutoReply(event.target.checked)} />}
              label={T.autoReply}
            />
            <TextField
              label={T.autoReplyEn}
              value={autoReplyEn}
              onChange={(event) => setAutoReplyEn(event.target.value)}
              multiline
              minRows={2}
              required={autoReply}
              helperText={T.autoReplyHelp}
              slotProps={{ htmlInput: { maxLength: 320 } }}
            />
            <TextField
              label={T.autoReplyEs}
              value={autoReplyEs}
              onChange={(event) => setAutoReplyEs(event.target.value)}
              multiline
              minRows={2}
              required={autoReply}
              slotProps={{ htmlInput: { maxLength: 320, lang: 'es' } }}
            />
          </Box>

          <TextField
            select
            label={T.promise}
            value={replyPromiseDays}
            onChange={(event) => setReplyPromiseDays(Number(event.target.value))}
            helperText={T.promiseHelp}
            sx={{ maxWidth: 360 }}
          >
            {PROMISE_DAYS.map((days) => (
              <MenuItem key={days} value={days}>
                {T.promiseDays(days)}
              </MenuItem>
            ))}
          </TextField>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button type="submit" form="office-hours-form" variant="contained" disabled={save.isPending}>
          {T.save}
        </Button>
      </DialogActions>
    </>
  );
}
