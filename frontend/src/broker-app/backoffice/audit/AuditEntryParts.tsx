import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AuditEntry, AuditPerson } from '../../types.ts';
import { changeLines, entryNotes } from '../brokers/format.ts';
import { auditActionLabel, personLabel, targetLabel } from './format.ts';

/** Room for a name or a short e-mail per line in the table (a longer one breaks), none needed in a card. */
const COLUMN = (width: number) => ({ minWidth: { md: width } });

/** The admin: their name, with the e-mail beneath when both are known. */
export function AdminName({ admin }: { admin: AuditPerson }) {
  return (
    <Box sx={COLUMN(140)}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {personLabel(admin)}
      </Typography>
      {admin.name && admin.email && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {admin.email}
        </Typography>
      )}
    </Box>
  );
}

/** The action in words, and what it was done to when that is not a broker (a resource, a token). */
export function ActionText({ entry }: { entry: AuditEntry }) {
  const target = targetLabel(entry);
  return (
    <Box sx={COLUMN(100)}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {auditActionLabel(entry.action)}
      </Typography>
      {target && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {target}
        </Typography>
      )}
    </Box>
  );
}

/** The broker the entry concerns, linked to their detail page; '—' for none, 'Deleted account' once gone. */
export function BrokerLink({ broker }: { broker: AuditPerson | null }) {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  if (!broker) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.none}
      </Typography>
    );
  }
  if (!broker.name && !broker.email) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.deletedAccount}
      </Typography>
    );
  }
  return (
    <Box sx={COLUMN(150)}>
      <Link
        component={RouterLink}
        to={`/admin/brokers/${encodeURIComponent(broker.id)}`}
        variant="body2"
        underline="hover"
        sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
      >
        {personLabel(broker)}
      </Link>
      {broker.name && broker.email && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {broker.email}
        </Typography>
      )}
    </Box>
  );
}

/** The values before and after, one line per field that changed, worded as on the broker timeline. */
export function ChangeList({ entry }: { entry: AuditEntry }) {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const lines = changeLines(entry.before, entry.after);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.none}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, ...COLUMN(150) }}>
      {lines.map((line) => (
        <Typography key={line.field} component="li" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
            {`${line.label}: `}
          </Box>
          {T.change(line.before, line.after)}
        </Typography>
      ))}
    </Box>
  );
}

/** The entry's notes as the broker timeline shows them (stored field names in words, a suspension's reason). */
export function EntryNotes({ entry }: { entry: AuditEntry }) {
  const { AUDIT_TEXTS: T } = useBrokerTexts().adminAudit;
  const notes = entryNotes(entry);
  return (
    <Typography variant="body2" color={notes ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere', ...COLUMN(100) }}>
      {notes ?? T.none}
    </Typography>
  );
}
