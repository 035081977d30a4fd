import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import { Box, Button, Card, CardActions, CardContent, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { formatDateTime } from '../ui/format.ts';
import { audienceWords } from './audience.ts';
import { scheduleMoment, triggerWords } from './builderForm.ts';
import { LifecycleButtons, type LifecycleControls, STATUS_CHIP_COLORS } from './LifecycleActions.tsx';
import { isSequence, type LifecycleCampaign } from './lifecycleTypes.ts';

const TYPE_ICONS = { email: EmailOutlinedIcon, sms: SmsOutlinedIcon } as const;

type Campaign = LifecycleCampaign;

export interface CampaignActions {
  onSend: (campaign: Campaign) => void;
  onEdit: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
  onDuplicate: (campaign: Campaign) => void;
  onTest: (campaign: Campaign) => void;
  lifecycle: LifecycleControls;
}

/**
 * A campaign: what it says, its status, and what it allows. A one-off draft: Send, Schedule…, Edit,
 * Delete; scheduled: when, and Cancel Schedule; a sequence: its trigger, Start (a draft), Pause or
 * Resume and Finish, and its figures; sent: how it did, with its recipients' page. Any campaign can
 * be duplicated into a new draft.
 */
export function CampaignCard({
  campaign,
  sending,
  busy,
  onSend,
  onEdit,
  onDelete,
  onDuplicate,
  onTest,
  lifecycle,
  testing,
}: { campaign: Campaign; sending: boolean; busy: boolean; testing: boolean } & CampaignActions) {
  const { CAMPAIGN_TEXTS: T } = useBrokerTexts().campaigns;
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const may = useMemberMay();
  const TypeIcon = TYPE_ICONS[campaign.type];
  const { LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const isSent = campaign.status === 'sent';
  const isDraft = campaign.status === 'draft';
  const sequence = isSequence(campaign);
  const running = sequence && !isDraft;
  const total = (figure: 'sent' | 'opened' | 'clicked') => campaign.steps.reduce((sum, step) => sum + step[figure], 0);
  const titleId = `campaign-${campaign.id}-name`;
  return (
    <Card component="li" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {campaign.name}
          </Typography>
          <Stack direction="row" spacing={0.75} sx={{ flexShrink: 0 }}>
            <Chip size="small" variant="outlined" icon={<TypeIcon fontSize="small" />} label={T.typeLabel[campaign.type]} />
            <Chip
              size="small"
              color={STATUS_CHIP_COLORS[campaign.status]}
              variant={campaign.status === 'finished' ? 'outlined' : 'filled'}
              label={T.status[campaign.status]}
            />
          </Stack>
        </Stack>
        {campaign.type === 'email' && campaign.subject && (
          <Typography variant="body2" sx={{ mt: 1.5, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {campaign.subject}
          </Typography>
        )}
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            mt: 1,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
            whiteSpace: 'pre-line',
          }}
        >
          {campaign.message}
        </Typography>
        <Stack direction="row" sx={{ mt: 1.5, ml: -1, flexWrap: 'wrap', gap: 0.5 }}>
          {isSent && (
            <Button
              size="small"
              component={RouterLink}
              to={`/campaigns/${campaign.id}/show`}
              startIcon={<GroupsOutlinedIcon />}
              aria-label={T.viewRecipientsFor(campaign.name)}
            >
              {T.viewRecipients}
            </Button>
          )}
          {running && (
            <Button
              size="small"
              component={RouterLink}
              to={`/campaigns/${campaign.id}/show`}
              startIcon={<TimelineOutlinedIcon />}
              aria-label={L.viewStepsFor(campaign.name)}
            >
              {L.viewSteps}
            </Button>
          )}
          {isDraft && may('campaigns:write') && (
            <>
              <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => onEdit(campaign)} aria-label={T.editFor(campaign.name)}>
                {T.edit}
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineOutlinedIcon />}
                onClick={() => onDelete(campaign)}
                aria-label={T.deleteFor(campaign.name)}
              >
                {T.delete}
              </Button>
            </>
          )}
          {may('campaigns:write') && (
            <>
              <Button
                size="small"
                startIcon={<ScienceOutlinedIcon />}
                onClick={() => onTest(campaign)}
                loading={testing}
                title={T.sendTestHint}
                aria-label={T.sendTestFor(campaign.name)}
              >
                {T.sendTest}
              </Button>
              <Button
                size="small"
                startIcon={<ContentCopyOutlinedIcon />}
                onClick={() => onDuplicate(campaign)}
                disabled={busy}
                aria-label={T.duplicateFor(campaign.name)}
              >
                {T.duplicate}
              </Button>
            </>
          )}
        </Stack>
      </CardContent>
      <Divider />
      {isSent ? (
        <CardContent sx={{ '&:last-child': { pb: 2 } }}>
          <Stack component="dl" direction="row" sx={{ justifyContent: 'space-around', textAlign: 'center', m: 0 }}>
            <Stat label={T.recipients} value={campaign.recipientCount} />
            <Stat label={T.opened} value={campaign.openedCount} />
            <Stat label={T.clicked} value={campaign.clickedCount} />
          </Stack>
          {campaign.sentAt && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5, textAlign: 'center' }}>
              {T.sentOn(formatDateTime(campaign.sentAt))}
            </Typography>
          )}
        </CardContent>
      ) : (
        <>
          {running && (
            <CardContent sx={{ pb: 0 }}>
              <Stack component="dl" direction="row" sx={{ justifyContent: 'space-around', textAlign: 'center', m: 0 }}>
                <Stat label={L.enrolled} value={campaign.enrolledCount} />
                <Stat label={L.colSent} value={total('sent')} />
                <Stat label={T.opened} value={total('opened')} />
                <Stat label={T.clicked} value={total('clicked')} />
              </Stack>
            </CardContent>
          )}
          <CardActions sx={{ px: 2, py: 1.5, justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Box sx={{ minWidth: 0 }}>
              {campaign.trigger && (
                <Typography variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
                  {triggerWords(campaign.trigger, L)} · {L.stepCount(campaign.followUps.length + 1)}
                </Typography>
              )}
              {campaign.status === 'scheduled' && campaign.schedule && (
                <Typography variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
                  {L.scheduledFor(scheduleMoment(campaign.schedule))}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {T.audienceFor(audienceWords(campaign.audience ?? { kind: 'all' }, T, CLIENT_TEXTS))}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {T.createdOn(formatDateTime(campaign.createdAt))}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto !important' }}>
              {may('campaigns:send') && <LifecycleButtons campaign={campaign} controls={lifecycle} />}
              {isDraft && !sequence && may('campaigns:send') && (
                <Button
                  variant="contained"
                  size="small"
                  startIcon={<SendOutlinedIcon />}
                  onClick={() => onSend(campaign)}
                  disabled={sending}
                  aria-label={`${T.send} ${campaign.name}`}
                >
                  {T.send}
                </Button>
              )}
            </Stack>
          </CardActions>
        </>
      )}
    </Card>
  );
}

// The term comes first for screen readers; the number shows above it.
function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ fontWeight: 700, fontSize: '1.25rem', m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Placeholder cards while the list loads. */
export function CampaignCardSkeleton() {
  return (
    <Card aria-hidden>
      <CardContent>
        <Skeleton width="50%" height={28} />
        <Skeleton width="70%" />
        <Skeleton />
        <Skeleton width="90%" />
      </CardContent>
    </Card>
  );
}
