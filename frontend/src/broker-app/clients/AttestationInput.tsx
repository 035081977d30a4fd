import { Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useInput } from 'react-admin';

/**
 * A checkbox the broker ticks to attest a client's permission, with the attestation's words as
 * its label: the server records those same words as the consent ledger's evidence.
 */
export function AttestationInput({ source, label, defaultValue = false }: { source: string; label: string; defaultValue?: boolean }) {
  const { field } = useInput({ source, defaultValue });
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', m: 0, gap: 0.5 }}
      control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} sx={{ mt: -0.75 }} />}
      label={<Typography variant="body2">{label}</Typography>}
    />
  );
}
