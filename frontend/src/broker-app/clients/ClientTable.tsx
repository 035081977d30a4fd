import { Box, Chip, createTheme, LinearProgress, Link, ThemeProvider, Typography, useTheme } from '@mui/material';
import { useMemo } from 'react';
import { DataTable, Pagination } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { Client, Member } from '../types.ts';
import { assignedName, useListedMembers } from './AssignClientsDialog.tsx';
import { ClientActionsMenu } from './ClientActionsMenu.tsx';
import { ClientBulkActions } from './ClientBulkActions.tsx';
import { engagementColor, formatJoinedDay, formatPhone, pendingContactText } from './format.ts';
import { InviteControl } from './InviteControl.tsx';
import { RiskBadge } from './RiskBadge.tsx';

export const ROWS_PER_PAGE_OPTIONS = [25, 50, 100];

/**
 * Columns shown from 1536 px (xl) only: at 1280 the content area is about 974 px, and with every
 * column the table was 1,332 px wide, its actions off-screen. Status shows beside the name instead
 * (inactive only), the current plan under it (its carrier and type), and Joined is on the client's
 * page and in the sort.
 */
const WIDE_ONLY = { display: { xs: 'none', xl: 'table-cell' } } as const;
const NARROW_ONLY = { display: { xs: 'block', xl: 'none' } } as const;

function Engagement({ client }: { client: Client }) {
  const score = Math.max(0, Math.min(100, Math.round(client.engagementScore ?? 0)));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 110 }}>
      <LinearProgress
        variant="determinate"
        value={score}
        color={engagementColor(score)}
        aria-hidden
        sx={{ flex: 1, height: 6, borderRadius: 3, bgcolor: 'grey.200' }}
      />
      <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 24, textAlign: 'right' }}>
        {score}
      </Typography>
    </Box>
  );
}

/** A phone or e-mail, with the change that waits for a registered client to confirm it under it. */
function ContactCell({ client, field, value }: { client: Client; field: 'phone' | 'email'; value: string | null }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const pending = pendingContactText(client, field, CLIENT_TEXTS);
  return (
    <Box sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={value ?? undefined}>
      {value ?? (
        <Typography component="span" variant="body2" color="text.secondary">
          {CLIENT_TEXTS.noEmail}
        </Typography>
      )}
      {pending !== null && (
        <Typography variant="caption" component="div" sx={{ color: 'warning.dark', whiteSpace: 'normal' }}>
          {pending}
        </Typography>
      )}
    </Box>
  );
}

/** Who looks after the client, or a muted "Nobody yet". */
function MemberCell({ client, members }: { client: Client; members: Member[] }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const { TEAM_TEXTS } = useBrokerTexts().team;
  const name = assignedName(client, members, TEAM_TEXTS.noName);
  if (name === null) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {CLIENT_TEXTS.filterNobody}
      </Typography>
    );
  }
  if (name === undefined) return null;
  // On one line, a long name cut with an ellipsis (the whole one on hover): the row keeps its height.
  return (
    <Box sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 140 }} title={name}>
      {name}
    </Box>
  );
}

/**
 * The client's current policy: the carrier with the plan's type as a short label, the plan's name
 * under it (a pending application says so); a muted "No current plan" otherwise. Cut with an
 * ellipsis at the column's width, the whole text on hover.
 */
function PlanCell({ client }: { client: Client }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const policy = client.currentPolicy;
  if (!policy) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {CLIENT_TEXTS.noPlan}
      </Typography>
    );
  }
  const type = CLIENT_TEXTS.policyTypeShort[policy.planType];
  const pending = policy.status === 'pending';
  return (
    <Box sx={{ maxWidth: 190 }} title={`${policy.carrier} · ${policy.planName}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
        <Typography component="span" variant="body2" noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
          {policy.carrier}
        </Typography>
        <Chip size="small" variant="outlined" label={type} sx={{ height: 20, flexShrink: 0, '& .MuiChip-label': { px: 0.75 } }} />
      </Box>
      <Typography variant="caption" component="div" color="text.secondary" noWrap>
        {pending ? `${CLIENT_TEXTS.planPending} · ${policy.planName}` : policy.planName}
      </Typography>
    </Box>
  );
}

/** The current plan under the client's name, narrower than 1536 px: "Humana · MAPD" (the whole plan on hover), nothing without one. */
function PlanLine({ client }: { client: Client }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const policy = client.currentPolicy;
  if (!policy) return null;
  const words = [
    policy.carrier,
    CLIENT_TEXTS.policyTypeShort[policy.planType],
    ...(policy.status === 'pending' ? [CLIENT_TEXTS.planPending] : []),
  ];
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      noWrap
      title={`${policy.carrier} · ${policy.planName}`}
      sx={{ ...NARROW_ONLY, maxWidth: 200 }}
      data-testid="plan-line"
    >
      {words.join(' · ')}
    </Typography>
  );
}

/**
 * The clients as a table: every column sorts on the server, rows can be selected for the bulk
 * actions, and each row keeps the card's invitation control and menu.
 */
export function ClientTable() {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const members = useListedMembers();
  // react-admin labels each row's checkbox on its wrapper, where the label is not allowed and names
  // nothing: inside the table, a checkbox's input carries the label and its wrapper is a group.
  const outer = useTheme();
  const theme = useMemo(
    () =>
      createTheme(outer, {
        components: {
          MuiCheckbox: { defaultProps: { role: 'group', slotProps: { input: { 'aria-label': CLIENT_TEXTS.selectRow } } } },
        },
      }),
    [outer, CLIENT_TEXTS.selectRow],
  );
  return (
    <ThemeProvider theme={theme}>
      <DataTable<Client>
        rowClick={false}
        bulkActionButtons={
          // The bulk actions' dialogs are not in the table: the app's own theme, without the rows' labels.
          <ThemeProvider theme={outer}>
            <ClientBulkActions />
          </ThemeProvider>
        }
        hover
        size="small"
        // The bulk toolbar slides in above the first row; only the rows scroll sideways on a narrow window.
        // Cells are 12 px from their neighbours (MUI's 16), so that the Member column fits at 1280 px too.
        sx={{
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1.5 },
        }}
      >
        <DataTable.Col<Client>
          source="lastName"
          label={CLIENT_TEXTS.colName}
          render={(client) => (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={`/clients/${client.id}`} variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {client.firstName} {client.lastName}
                </Link>
                {/* Where the Status column is left out (narrower than 1536 px), an inactive client says so here. */}
                {!client.isActive && (
                  <Chip size="small" variant="outlined" label={CLIENT_TEXTS.inactive} sx={{ display: { xs: 'inline-flex', xl: 'none' } }} />
                )}
              </Box>
              {/* Where the Current plan column is left out, the plan's carrier and type are under the name. */}
              <PlanLine client={client} />
            </>
          )}
        />
        <DataTable.Col<Client>
          source="phone"
          label={CLIENT_TEXTS.colPhone}
          render={(client) => <ContactCell client={client} field="phone" value={formatPhone(client.phone)} />}
        />
        <DataTable.Col<Client>
          source="email"
          label={CLIENT_TEXTS.colEmail}
          // A long address is cut with an ellipsis (the whole one on hover and on the client's page).
          sx={{ maxWidth: { xs: 180, xl: 280 }, overflow: 'hidden', textOverflow: 'ellipsis' }}
          render={(client) => <ContactCell client={client} field="email" value={client.email} />}
        />
        <DataTable.Col<Client>
          source="isActive"
          label={CLIENT_TEXTS.colStatus}
          sx={WIDE_ONLY}
          render={(client) => (
            <Chip
              size="small"
              label={client.isActive ? CLIENT_TEXTS.active : CLIENT_TEXTS.inactive}
              color={client.isActive ? 'success' : 'default'}
              variant={client.isActive ? 'filled' : 'outlined'}
            />
          )}
        />
        <DataTable.Col<Client>
          source="inviteStatus"
          label={CLIENT_TEXTS.colInvitation}
          render={(client) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
              <InviteControl client={client} compact />
            </Box>
          )}
        />
        <DataTable.Col<Client>
          source="engagementScore"
          label={CLIENT_TEXTS.colEngagement}
          render={(client) => <Engagement client={client} />}
        />
        <DataTable.Col<Client> source="riskScore" label={CLIENT_TEXTS.colRisk} render={(client) => <RiskBadge client={client} />} />
        <DataTable.Col<Client> label={CLIENT_TEXTS.colPlan} disableSort sx={WIDE_ONLY} render={(client) => <PlanCell client={client} />} />
        {members.length > 0 && (
          <DataTable.Col<Client>
            label={CLIENT_TEXTS.colMember}
            disableSort
            render={(client) => <MemberCell client={client} members={members} />}
          />
        )}
        <DataTable.Col<Client>
          source="createdAt"
          label={CLIENT_TEXTS.colJoined}
          sx={WIDE_ONLY}
          render={(client) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatJoinedDay(client.createdAt)}</Box>}
        />
        <DataTable.Col<Client> label={CLIENT_TEXTS.colActions} disableSort render={(client) => <ClientActionsMenu client={client} />} />
      </DataTable>
      <Pagination rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS} />
    </ThemeProvider>
  );
}
