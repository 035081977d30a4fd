import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, TextField } from '@mui/material';

/**
 * A secret or a link shown once to be copied: read-only, selected whole when focused, in a
 * monospace font that breaks anywhere, beside a Copy button.
 */
export function CopyField({
  label,
  value,
  testId,
  copyLabel,
  onCopy,
}: {
  label: string;
  value: string;
  testId: string;
  copyLabel: string;
  onCopy: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <TextField
        label={label}
        value={value}
        fullWidth
        multiline
        onFocus={(event) => event.target.select()}
        slotProps={{
          htmlInput: { readOnly: true, spellCheck: false, autoComplete: 'off', 'data-testid': testId },
          input: { sx: { fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-all' } },
          inputLabel: { shrink: true },
        }}
      />
      <Button
        variant="contained"
        startIcon={<ContentCopyIcon />}
        onClick={onCopy}
        disabled={!value}
        sx={{ flexShrink: 0, mt: { xs: 0, sm: 1 } }}
      >
        {copyLabel}
      </Button>
    </Box>
  );
}
