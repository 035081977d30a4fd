import { Box, TextField } from '@mui/material';
import type { ChangeEvent } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { isHexColor } from './theme.ts';

/** '7c3aed' → '#7c3aed': a hex colour typed without its '#' is still a colour. */
export function normalizeHex(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}

/** True for '#rgb' or '#rrggbb' (with or without the '#'). */
export function isValidHex(value: string): boolean {
  return isHexColor(normalizeHex(value));
}

/** '#26e' → '#2266ee' (what <input type="color"> needs). */
export function sixDigitHex(hex: string): string {
  const digits = normalizeHex(hex).slice(1);
  return `#${(digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits).toLowerCase()}`;
}

/** A brand colour: a colour picker beside a hex text field, validated as #rgb or #rrggbb. */
export function ColorField({
  id,
  label,
  value,
  fallback,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  /** What the picker shows while the text is not a colour. */
  fallback: string;
  onChange: (value: string) => void;
}) {
  const { BRANDING_TEXTS: T } = useBrokerTexts().branding;
  const valid = isValidHex(value);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
      <Box
        component="input"
        type="color"
        aria-label={T.colorPicker(label)}
        value={sixDigitHex(valid ? value : fallback)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{
          width: 56,
          height: 40,
          p: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: 'pointer',
          flexShrink: 0,
        }}
      />
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={!valid}
        helperText={valid ? T.colorHint : T.colorInvalid}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', maxLength: 7, 'data-testid': `${id}-hex` } }}
      />
    </Box>
  );
}
