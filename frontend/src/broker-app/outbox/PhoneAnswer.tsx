import { Box, Button, List, ListItem, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { OutboxMessage } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';

type Answer = Parameters<ReturnType<typeof useCareKeepDataProvider>['answerOutbox']>[1];

/**
 * The outbox's phone under a text or a call: answer as its recipient would (a reply; a key, a
 * voicemail or no answer), through the same webhooks as a real provider's, and see what the app
 * said back.
 */
export function PhoneAnswer({ message }: { message: OutboxMessage }) {
  const { OUTBOX_TEXTS: T } = useBrokerTexts().outbox;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const errorToast = useErrorToast();
  const [reply, setReply] = useState('');
  const answer = useMutation({
    mutationFn: (given: Answer) => dataProvider.answerOutbox(message.id, given),
    onSuccess: () => {
      setReply('');
      // A reply may be answered with a text of its own (STOP's confirmation), which the outbox lists.
      void queryClient.invalidateQueries({ queryKey: ['dev/outbox'] });
    },
    onError: (error) => errorToast(error, T.answerFailed),
  });
  const titleId = `phone-${message.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.trim()) answer.mutate({ action: 'reply', text: reply.trim() });
  };

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1.5 }}
    >
      <div>
        <Typography id={titleId} variant="subtitle2" component="h3">
          {T.phoneTitle(message.recipient)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {T.phoneHint}
        </Typography>
      </div>
      {message.channel === 'sms' ? (
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={T.replyLabel}
            placeholder={T.replyPlaceholder}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1600 } }}
            sx={{ flex: '1 1 240px' }}
          />
          <Button type="submit" variant="outlined" disabled={!reply.trim()} loading={answer.isPending}>
            {T.sendReply}
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {(
            [
              [T.press1, { action: 'key', digits: '1' }],
              [T.press9, { action: 'key', digits: '9' }],
              [T.voicemail, { action: 'voicemail' }],
              [T.noAnswer, { action: 'no-answer' }],
            ] as [string, Answer][]
          ).map(([label, given]) => (
            <Button key={label} size="small" variant="outlined" disabled={answer.isPending} onClick={() => answer.mutate(given)}>
              {label}
            </Button>
          ))}
        </Box>
      )}
      {answer.data && (
        <Box role="status">
          <Typography variant="subtitle2" component="h4">
            {T.heardTitle}
          </Typography>
          {answer.data.heard.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {T.heardNothing}
            </Typography>
          ) : (
            <List dense disablePadding>
              {answer.data.heard.map((line, index) => (
                <ListItem key={index} disableGutters>
                  <Typography variant="body2">“{line}”</Typography>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </Box>
  );
}
