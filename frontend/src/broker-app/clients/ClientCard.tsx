import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import EmailIcon from '@mui/icons-material/Email';
import EventIcon from '@mui/icons-material/Event';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import PhoneIcon from '@mui/icons-material/Phone';
import PolicyIcon from '@mui/icons-material/Policy';
import { Avatar, Box, Card, CardActions, CardContent, Chip, Divider, LinearProgress, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import type { Client } from '../types.ts';
import { assignedName, useListedMembers } from './AssignClientsDialog.tsx';
import { ClientActionsMenu } from './ClientActionsMenu.tsx';
import { engagementColor, formatDate, formatPhone, initials, pendingContactText } from './format.ts';
import { InviteControl } from './InviteControl.tsx';
import { RiskBadge } from './RiskBadge.tsx';

/** One client: contact details, who looks after them, engagement, status, invitation and the card menu. */
export function ClientCard({ client }: { client: Client }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const { TEAM_TEXTS } = useBrokerTexts().team;
  const members = useListedMembers();
  const assigned = members.length > 0 ? assignedName(client, members, TEAM_TEXTS.noName) : undefined;
  const name = `${client.firstName} ${client.lastName}`;
  const score = Math.max(0, Math.min(100, Math.round(client.engagementScore ?? 0)));
  const policy = client.currentPolicy;

  return (
    <Card component="article" aria-label={name} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
          <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40, fontSize: '1rem' }} aria-hidden>
            {initials(client.firstName, client.lastName)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap title={name}>
              <Link component={RouterLink} to={`/clients/${client.id}`} color="inherit" underline="hover">
                {name}
              </Link>
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              <Chip
                size="small"
                label={client.isActive ? CLIENT_TEXTS.active : CLIENT_TEXTS.inactive}
                color={client.isActive ? 'success' : 'default'}
                variant={client.isActive ? 'filled' : 'outlined'}
                sx={{ height: 22 }}
              />
              <RiskBadge client={client} />
            </Box>
          </Box>
          <ClientActionsMenu client={client} />
        </Box>

        <Box sx={{ mt: 2, display: 'grid', gap: 0.75 }}>
          <Detail icon={<PhoneIcon fontSize="small" />}>{formatPhone(client.phone)}</Detail>
          <PendingContact client={client} field="phone" />
          <Detail icon={<EmailIcon fontSize="small" />} muted={!client.email}>
            {client.email || CLIENT_TEXTS.noEmail}
          </Detail>
          <PendingContact client={client} field="email" />
          <Detail icon={<EventIcon fontSize="small" />}>{CLIENT_TEXTS.joined(formatDate(client.createdAt))}</Detail>
          <Detail icon={<PolicyIcon fontSize="small" />} muted={!policy}>
            {policy
              ? CLIENT_TEXTS.cardPlan(
                  policy.carrier,
                  policy.planName,
                  CLIENT_TEXTS.policyTypeShort[policy.planType],
                  policy.status === 'pending',
                )
              : CLIENT_TEXTS.noPlan}
          </Detail>
          {assigned !== undefined && (
            <Detail icon={<AssignmentIndIcon fontSize="small" />} muted={assigned === null}>
              {CLIENT_TEXTS.cardMember(assigned)}
            </Detail>
          )}
        </Box>

        <Box sx={{ mt: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {CLIENT_TEXTS.engagement}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {CLIENT_TEXTS.engagementOutOf(score)}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={score}
            color={engagementColor(score)}
            aria-label={`${CLIENT_TEXTS.engagement} ${CLIENT_TEXTS.engagementOutOf(score)}`}
            sx={{ height: 6, borderRadius: 3, bgcolor: 'grey.200' }}
          />
        </Box>
      </CardContent>
      <Divider />
      <CardActions sx={{ px: 2, py: 1.25, justifyContent: 'space-between', minHeight: 52 }}>
        <InviteControl client={client} />
      </CardActions>
    </Card>
  );
}

/** A registered client's new phone or e-mail, which waits for them to confirm it in their portal. */
function PendingContact({ client, field }: { client: Client; field: 'phone' | 'email' }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const text = pendingContactText(client, field, CLIENT_TEXTS);
  if (text === null) return null;
  return (
    <Detail icon={<HourglassTopIcon fontSize="small" color="warning" />}>
      <Box component="span" sx={{ color: 'text.primary' }}>
        {text}
      </Box>
    </Detail>
  );
}

/** A line of the card with its icon; a muted one (no e-mail, nobody assigned) is grey, still readable at 4.5:1. */
function Detail({ icon, muted, children }: { icon: ReactNode; muted?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2" color={muted ? 'text.secondary' : 'text.primary'} noWrap>
        {children}
      </Typography>
    </Box>
  );
}
