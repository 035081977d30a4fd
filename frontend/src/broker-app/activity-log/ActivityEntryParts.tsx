import { Box, Button, Typography } from '@mui/material';
import { useId, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { AgencyEvent } from '../types.ts';
import { agencyActionLabel, type ChangeLine, changeLines, eventMemberName, eventMemberRole } from './format.ts';

/** Room for a name or a short sentence per line in the table (a longer one breaks), none needed in a card. */
const COLUMN = (width: number) => ({ minWidth: { md: width } });

/** Shown at first: this many fields, each cut to this many characters; the rest behind 'Show all changes'. */
const FOLDED_LINES = 2;
const FOLDED_CHARACTERS = 80;

/** The member who acted, their role (removed ones marked), and the API token when the change came through one. */
export function MemberName({ entry }: { entry: AgencyEvent }) {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  return (
    <Box sx={COLUMN(130)}>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {eventMemberName(entry.member)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {eventMemberRole(entry.member)}
      </Typography>
      {entry.viaToken && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {T.viaToken(entry.viaToken.name)}
        </Typography>
      )}
    </Box>
  );
}

/** The action in the app's language. */
export function ActionText({ entry }: { entry: AgencyEvent }) {
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, ...COLUMN(120) }}>
      {agencyActionLabel(entry)}
    </Typography>
  );
}

/** What it was about: the entry's own sentence, as recorded. */
export function EntrySummary({ entry }: { entry: AgencyEvent }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', ...COLUMN(160) }}>
      {entry.summary}
    </Typography>
  );
}

/** The address the change came from. */
export function EntryAddress({ entry }: { entry: AgencyEvent }) {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  return (
    <Typography
      variant="body2"
      color={entry.ipAddress ? 'text.primary' : 'text.secondary'}
      // An IPv4 address on one line; a long IPv6 one breaks.
      sx={{ overflowWrap: 'anywhere', ...COLUMN(110) }}
    >
      {entry.ipAddress ?? T.none}
    </Typography>
  );
}

const folded = (line: ChangeLine): ChangeLine =>
  line.text.length > FOLDED_CHARACTERS ? { ...line, text: `${line.text.slice(0, FOLDED_CHARACTERS - 1).trimEnd()}…` } : line;

/**
 * The kept values, one line per field ('Phone: (615) 555-0101 → (615) 555-0199'). A long change
 * shows its first lines, cut short, and a button that unfolds the rest.
 */
export function ChangeList({ entry }: { entry: AgencyEvent }) {
  const { ACTIVITY_LOG_TEXTS: T } = useBrokerTexts().activityLog;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const lines = changeLines(entry);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.none}
      </Typography>
    );
  }
  const long = lines.length > FOLDED_LINES || lines.some((line) => line.text.length > FOLDED_CHARACTERS);
  const shown = open || !long ? lines : lines.slice(0, FOLDED_LINES).map(folded);
  return (
    <Box sx={COLUMN(180)}>
      <Box component="ul" id={listId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {shown.map((line) => (
          <Typography key={line.field} component="li" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
              {`${line.label}: `}
            </Box>
            {line.text}
          </Typography>
        ))}
      </Box>
      {long && (
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          sx={{ ml: -0.75, mt: 0.25, minHeight: 24, py: 0, textTransform: 'none' }}
        >
          {open ? T.showFewerChanges : T.showAllChanges(lines.length)}
        </Button>
      )}
    </Box>
  );
}
