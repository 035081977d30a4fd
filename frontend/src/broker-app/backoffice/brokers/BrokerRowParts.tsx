import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, IconButton, Link as MuiLink, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { type MouseEvent, type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { useBrokerTexts } from '../../i18n/useBrokerTexts.ts';
import type { AdminBrokerRow } from '../../types.ts';
import { formatDateTime } from '../../ui/format.ts';
import { StatusBadge, SuspendedBadge } from './Badges.tsx';
import { brokerName, lastActivityLabel } from './format.ts';

/** What a row's menu asks the page to open. */
export type BrokerRowAction = 'extend' | 'subscription';

export const brokerDetailPath = (row: Pick<AdminBrokerRow, 'id'>) => `/admin/brokers/${encodeURIComponent(row.id)}`;

/** The row is clickable (to the detail): what is clicked inside it must not also click the row. */
const keepInside = (event: MouseEvent) => event.stopPropagation();

/** The e-mail (the link to the detail) with the name below. */
export function BrokerIdentity({ row }: { row: AdminBrokerRow }) {
  const { broker } = row;
  const name = [broker.firstName, broker.lastName].filter(Boolean).join(' ');
  return (
    <>
      <MuiLink
        component={Link}
        to={brokerDetailPath(row)}
        onClick={keepInside}
        underline="hover"
        sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}
      >
        {broker.email ?? brokerName(broker)}
      </MuiLink>
      {name && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
      )}
    </>
  );
}

/** The subscription status, and the red Suspended badge beside it when an admin suspended the broker. */
export function BrokerStatus({ row }: { row: AdminBrokerRow }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      <StatusBadge status={row.broker.subscriptionStatus} />
      {row.broker.suspendedAt && <SuspendedBadge />}
    </Box>
  );
}

export function LastActivity({ row }: { row: AdminBrokerRow }) {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
  return (
    <Typography
      variant="body2"
      color={row.lastActivity ? 'text.primary' : 'text.secondary'}
      title={row.lastActivity ? formatDateTime(row.lastActivity) : undefined}
    >
      {row.lastActivity ? lastActivityLabel(row.lastActivity) : T.noActivity}
    </Typography>
  );
}

/** View Details, Extend Trial (brokers on trial only) and Change Subscription (SPEC §2 Broker management). */
export function BrokerRowMenu({
  row,
  onAction,
}: {
  row: AdminBrokerRow;
  onAction: (action: BrokerRowAction, row: AdminBrokerRow) => void;
}) {
  const { BROKERS_TEXTS: T } = useBrokerTexts().adminBrokers;
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const item = (label: string, icon: ReactNode, action: () => void) => (
    <MenuItem
      onClick={() => {
        setAnchor(null);
        action();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  return (
    <>
      <IconButton
        aria-label={T.rowActions(row.broker.email ?? brokerName(row.broker))}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          keepInside(event);
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      {/* The menu sits in a portal, but React passes its clicks (and the backdrop's) up to the row. */}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        onClick={keepInside}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {item(T.viewDetails, <VisibilityIcon fontSize="small" />, () => void navigate(brokerDetailPath(row)))}
        {row.broker.subscriptionStatus === 'trial' &&
          item(T.extendTrial, <EventRepeatIcon fontSize="small" />, () => onAction('extend', row))}
        {item(T.changeSubscription, <SwapHorizIcon fontSize="small" />, () => onAction('subscription', row))}
      </Menu>
    </>
  );
}
