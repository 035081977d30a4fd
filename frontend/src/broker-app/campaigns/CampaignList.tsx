import AddIcon from '@mui/icons-material/Add';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDelete, useGetList } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

import { useMarketingDetails } from '../branding/marketingDetails.ts';
import { MarketingDetailsNotice } from '../branding/MarketingDetailsNotice.tsx';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useErrorToast, useSubscriptionErrorHandler } from '../ui/errors.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useToast } from '../ui/toast.tsx';
import { CampaignCard, CampaignCardSkeleton } from './CampaignCard.tsx';
import { CreateCampaignDialog } from './CreateCampaignDialog.tsx';
import { useLifecycleActions } from './LifecycleActions.tsx';
import { CAMPAIGN_STATUSES, type CampaignStatus, type LifecycleCampaign } from './lifecycleTypes.ts';

type Campaign = LifecycleCampaign;

const PAGE_SIZE = 30;
const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } };

const isStatus = (value: string | null): value is CampaignStatus => (CAMPAIGN_STATUSES as readonly (string | null)[]).includes(value);

/**
 * SPEC §2 Campaigns page: drafts, scheduled and sent campaigns and sequences, filtered by status
 * (kept in the URL); creating one, sending a draft, and each status's lifecycle actions.
 */
export function CampaignList() {
  const may = useMemberMay();
  const { CAMPAIGN_TEXTS: T, LIFECYCLE_TEXTS: L } = useBrokerTexts().campaigns;
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get('status');
  const status = isStatus(wanted) ? wanted : undefined;
  const lifecycle = useLifecycleActions();
  const marketingDetails = useMarketingDetails();
  const [perPage, setPerPage] = useState(PAGE_SIZE);
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<Campaign>();
  const [toConfirm, setToConfirm] = useState<Campaign>();
  const [toDelete, setToDelete] = useState<Campaign>();
  const campaigns = useGetList<Campaign>('campaigns', {
    pagination: { page: 1, perPage },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: status ? { status } : {},
  });
  const showStatus = (next?: CampaignStatus) => {
    setPerPage(PAGE_SIZE);
    setSearchParams(next ? { status: next } : {}, { replace: true });
  };

  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const handleSubscriptionError = useSubscriptionErrorHandler();
  const errorToast = useErrorToast();
  // How many clients the draft goes to, asked when the broker is about to send it.
  const audience = useQuery({
    queryKey: ['campaigns', 'audience', toConfirm?.id],
    queryFn: () => dataProvider.getCampaignAudience(toConfirm!.id),
    enabled: Boolean(toConfirm),
    staleTime: 0,
  });
  const duplicate = useMutation({
    mutationFn: (campaign: Campaign) => dataProvider.duplicateCampaign(campaign.id),
    onSuccess: (copy) => toast({ title: T.duplicated(copy.name) }),
    onError: (error) => errorToast(error, T.duplicateFailed),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  });
  const test = useMutation({
    mutationFn: (campaign: Campaign) => dataProvider.sendCampaignTest(campaign.id),
    // The sentence is the app's own, in the broker's language; the answer's `message` is English.
    onSuccess: (result) =>
      result.success
        ? toast({ title: T.testSentTo(result.to) })
        : toast({ title: T.sendTestFailed, description: T.testNotSentTo(result.to), variant: 'destructive' }),
    onError: (error) => errorToast(error, T.sendTestFailed),
  });
  const [remove, removing] = useDelete<Campaign>();
  const deleteDraft = (campaign: Campaign) =>
    void remove(
      'campaigns',
      { id: campaign.id, previousData: campaign },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => toast({ title: T.deleted }),
        onError: (error) => errorToast(error, T.deleteFailed),
        onSettled: () => setToDelete(undefined),
      },
    );
  const send = useMutation({
    mutationFn: (campaign: Campaign) => dataProvider.sendCampaign(campaign.id),
    onSuccess: ({ count }) => toast({ title: T.sent, description: T.sentTo(count) }),
    onError: (error) => handleSubscriptionError(error, T.sendFailed),
    onSettled: () => {
      setToConfirm(undefined);
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    },
  });

  const openCreate = () => {
    setEditing(undefined);
    setCreateOpen(true);
  };

  return (
    <Box>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          may('campaigns:write') && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={openCreate}>
              {T.createCampaign}
            </Button>
          )
        }
      />

      <MarketingDetailsNotice />

      <Stack role="group" aria-label={L.filterLabel} direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {([undefined, ...CAMPAIGN_STATUSES] as const).map((option) => (
          <Chip
            key={option ?? 'all'}
            component="button"
            clickable
            aria-pressed={status === option}
            color={status === option ? 'primary' : 'default'}
            variant={status === option ? 'filled' : 'outlined'}
            label={option ? T.status[option] : L.filterAll}
            onClick={() => showStatus(option)}
          />
        ))}
      </Stack>

      {campaigns.isPending ? (
        <Box sx={GRID} role="status" aria-label={T.loadingCampaigns}>
          <CampaignCardSkeleton />
          <CampaignCardSkeleton />
        </Box>
      ) : campaigns.error ? (
        <Alert severity="error">{T.loadFailed}</Alert>
      ) : campaigns.data.length === 0 && status ? (
        <Alert severity="info">{L.noneWithStatus(T.status[status])}</Alert>
      ) : campaigns.data.length === 0 ? (
        <EmptyState
          icon={CampaignOutlinedIcon}
          title={T.emptyTitle}
          body={T.emptyBody}
          action={
            may('campaigns:write') && (
              <Button variant="contained" onClick={openCreate} startIcon={<AddIcon />} sx={{ mt: 3 }}>
                {T.createCampaign}
              </Button>
            )
          }
        />
      ) : (
        <>
          <Box component="ul" aria-label={T.listLabel} sx={{ ...GRID, listStyle: 'none', p: 0, m: 0 }}>
            {campaigns.data.map((campaign) => (
              <CampaignCard
                key={campaign.id}
                campaign={campaign}
                sending={send.isPending && send.variables?.id === campaign.id}
                busy={duplicate.isPending}
                onSend={setToConfirm}
                onEdit={(draft) => {
                  setEditing(draft);
                  setCreateOpen(true);
                }}
                onDelete={setToDelete}
                onDuplicate={(source) => duplicate.mutate(source)}
                onTest={(source) => test.mutate(source)}
                lifecycle={lifecycle}
                testing={test.isPending && test.variables?.id === campaign.id}
              />
            ))}
          </Box>
          {(campaigns.total ?? 0) > campaigns.data.length && (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Button onClick={() => setPerPage((n) => n + PAGE_SIZE)} disabled={campaigns.isFetching}>
                {T.showMore}
              </Button>
            </Box>
          )}
        </>
      )}

      {lifecycle.dialogs}

      <CreateCampaignDialog open={createOpen} onClose={() => setCreateOpen(false)} editing={editing} />

      <Confirm
        isOpen={Boolean(toDelete)}
        loading={removing.isPending}
        title={T.deleteTitle}
        content={toDelete ? T.deleteBody(toDelete.name) : ''}
        confirm={T.delete}
        cancel={T.keepIt}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && deleteDraft(toDelete)}
      />

      <Dialog
        open={Boolean(toConfirm)}
        onClose={() => !send.isPending && setToConfirm(undefined)}
        aria-labelledby="send-campaign-title"
        aria-describedby="send-campaign-body"
        maxWidth="xs"
      >
        <DialogTitle id="send-campaign-title">{T.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="send-campaign-body">{toConfirm && T.confirmBody(toConfirm.name, toConfirm.type)}</DialogContentText>
          <DialogContentText sx={{ mt: 1.5, fontWeight: 600, color: 'text.primary' }} role="status">
            {audience.isPending || !toConfirm
              ? T.audienceCounting
              : audience.data
                ? T.audience(audience.data.count, toConfirm.type, audience.data.consented)
                : null}
          </DialogContentText>
          <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>
            <MarketingDetailsNotice compact />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setToConfirm(undefined)} disabled={send.isPending}>
            {T.cancel}
          </Button>
          <Button
            variant="contained"
            onClick={() => toConfirm && send.mutate(toConfirm)}
            disabled={send.isPending || audience.data?.count === 0 || audience.data?.consented === 0 || marketingDetails?.ready === false}
            startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : <SendOutlinedIcon />}
          >
            {T.confirmSend}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
