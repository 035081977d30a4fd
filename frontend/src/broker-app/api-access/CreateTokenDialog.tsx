import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { ApiTokenExpiry, CreatedApiToken } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { API_TOKEN_SCOPES_KEY, API_TOKENS_KEY } from './queries.ts';
import { EXPIRY_DEFAULT, TOKEN_NAME_MAX } from './texts.ts';

/**
 * Create token: a name (1 to 80 characters), at least one scope of those the user may grant, and
 * an expiry (90 days to start with). The answer, with its secret, goes straight to `onCreated` and
 * nowhere else: the call is made here rather than through a cached query or mutation.
 */
export function CreateTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const titleId = useId();
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {open && <CreateTokenForm titleId={titleId} pending={pending} setPending={setPending} onCancel={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

const NO_EXPIRY = 'never';
const expiryValue = (expiry: ApiTokenExpiry) => (expiry === null ? NO_EXPIRY : String(expiry));
const expiryOf = (value: string): ApiTokenExpiry => (value === NO_EXPIRY ? null : (Number(value) as ApiTokenExpiry));

// The form mounts with each opening, so it starts fresh.
function CreateTokenForm({
  titleId,
  pending,
  setPending,
  onCancel,
  onCreated,
}: {
  titleId: string;
  pending: boolean;
  setPending: (pending: boolean) => void;
  onCancel: () => void;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const { API_ACCESS_TEXTS: T, EXPIRY_OPTIONS, scopeDescription } = useBrokerTexts().apiAccess;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const errorToast = useErrorToast();
  const scopes = useQuery({ queryKey: API_TOKEN_SCOPES_KEY, queryFn: () => dataProvider.getTokenScopes() });
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [expiry, setExpiry] = useState<ApiTokenExpiry>(EXPIRY_DEFAULT);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const expiresLabelId = useId();
  const scopesHelpId = useId();

  const toggle = (scope: string, on: boolean) => {
    setChosen((current) => (on ? [...current.filter((s) => s !== scope), scope] : current.filter((s) => s !== scope)));
    if (on) setErrors((current) => ({ ...current, scopes: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = name.trim();
    const found = {
      name: !trimmed ? T.nameRequired : trimmed.length > TOKEN_NAME_MAX ? T.nameTooLong : undefined,
      scopes: chosen.length === 0 ? T.scopesRequired : undefined,
    };
    setErrors(found);
    if (found.name || found.scopes) return;
    // In the order the server lists them, whatever order they were ticked in.
    const ordered = (scopes.data ?? []).map((s) => s.scope).filter((scope) => chosen.includes(scope));
    setPending(true);
    try {
      const created = await dataProvider.createToken({ name: trimmed, scopes: ordered, expiresInDays: expiry });
      void queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY });
      onCreated(created);
    } catch (error) {
      errorToast(error, T.createFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" onSubmit={(event: FormEvent) => void submit(event)} noValidate>
      <DialogTitle id={titleId}>{T.createTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.createIntro}</DialogContentText>
        <Stack spacing={2.5}>
          <TextField
            label={T.nameLabel}
            name="name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
            error={Boolean(errors.name)}
            helperText={errors.name ?? T.nameHelp}
            required
            autoFocus
            autoComplete="off"
            fullWidth
            slotProps={{ htmlInput: { maxLength: TOKEN_NAME_MAX } }}
          />
          <FormControl component="fieldset" error={Boolean(errors.scopes)} aria-describedby={scopesHelpId}>
            <FormLabel component="legend" required>
              {T.scopesLabel}
            </FormLabel>
            {scopes.isPending ? (
              <Box aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} height={44} />
                ))}
              </Box>
            ) : scopes.isError ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {T.scopesFailed}
              </Alert>
            ) : (
              <FormGroup>
                {scopes.data.map((option) => (
                  <FormControlLabel
                    key={option.scope}
                    sx={{ alignItems: 'flex-start', mt: 0.5 }}
                    control={
                      <Checkbox
                        checked={chosen.includes(option.scope)}
                        onChange={(event) => toggle(option.scope, event.target.checked)}
                        name="scopes"
                        value={option.scope}
                        sx={{ pt: 0.5 }}
                      />
                    }
                    label={
                      <Box>
                        <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 600, display: 'block' }}>
                          {option.scope}
                        </Typography>
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                          {scopeDescription(option.scope, option.description)}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </FormGroup>
            )}
            <FormHelperText id={scopesHelpId}>{errors.scopes ?? T.scopesHelp}</FormHelperText>
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend" id={expiresLabelId}>
              {T.expiresLabel}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={expiresLabelId}
              name="expiresInDays"
              value={expiryValue(expiry)}
              onChange={(event) => setExpiry(expiryOf(event.target.value))}
            >
              {EXPIRY_OPTIONS.map((option) => (
                <FormControlLabel
                  key={expiryValue(option.value)}
                  value={expiryValue(option.value)}
                  control={<Radio />}
                  label={option.label}
                />
              ))}
            </RadioGroup>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          {T.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={pending} disabled={scopes.isPending || scopes.isError}>
          {T.create}
        </Button>
      </DialogActions>
    </Box>
  );
}
