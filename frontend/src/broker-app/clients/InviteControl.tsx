import HowToRegIcon from '@mui/icons-material/HowToReg';
import SendIcon from '@mui/icons-material/Send';
import { Button, Chip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { Client, InviteResult } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';

/**
 * SPEC §4 Client invite: Send Invite, Resend Invite once one was sent, Registered once accepted.
 * `compact` (the table) shows the button as text so a row stays one line high.
 */
export function InviteControl({ client, compact = false }: { client: Client; compact?: boolean }) {
  const { CLIENT_TEXTS } = useBrokerTexts().clients;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();

  const copyLink = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: CLIENT_TEXTS.copied, description: CLIENT_TEXTS.copiedDescription });
    } catch (error) {
      errorToast(error, CLIENT_TEXTS.copyFailed);
    }
  };

  const invite = useMutation({
    mutationFn: () => dataProvider.inviteClient(client.id),
    onSuccess: (result: InviteResult) => {
      if (result.success) {
        toast({ title: CLIENT_TEXTS.inviteSent, description: result.message });
      } else {
        // The text did not go out, but the link works: let the broker share it another way.
        toast({
          title: CLIENT_TEXTS.inviteCreated,
          description: result.message,
          action: { label: CLIENT_TEXTS.copyLink, onClick: () => void copyLink(result.inviteUrl) },
        });
      }
      // The list's row and the client's page (its invitation card and timeline) now read 'Resend Invite'.
      void queryClient.invalidateQueries({ queryKey: ['clients'] });
    },
    onError: (error) => errorToast(error, CLIENT_TEXTS.inviteFailed),
  });

  if (client.inviteStatus === 'accepted') {
    return <Chip icon={<HowToRegIcon />} label={CLIENT_TEXTS.registered} color="success" variant="outlined" size="small" />;
  }
  return (
    <>
      <Typography variant="caption" color={client.inviteStatus === 'expired' ? 'warning.main' : 'text.secondary'}>
        {client.inviteStatus === 'pending'
          ? CLIENT_TEXTS.invitePending
          : client.inviteStatus === 'expired'
            ? CLIENT_TEXTS.inviteExpired
            : ''}
      </Typography>
      <Button
        size="small"
        variant={compact ? 'text' : client.inviteToken ? 'outlined' : 'contained'}
        startIcon={<SendIcon />}
        onClick={() => invite.mutate()}
        loading={invite.isPending}
        aria-label={CLIENT_TEXTS.inviteLabel(Boolean(client.inviteToken), `${client.firstName} ${client.lastName}`)}
      >
        {client.inviteToken ? CLIENT_TEXTS.resendInvite : CLIENT_TEXTS.sendInvite}
      </Button>
    </>
  );
}
