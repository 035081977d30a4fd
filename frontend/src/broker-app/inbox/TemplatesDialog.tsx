import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import type { InboxTemplate } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';
import { INBOX_KEY } from './unread.ts';

const TEMPLATES_KEY = [...INBOX_KEY, 'templates'] as const;

/** The agency's reply templates: add, change, delete (merge fields are filled in when a reply is sent). */
export function TemplatesDialog({ onClose }: { onClose: () => void }) {
  const { INBOX_TEXTS: T } = useBrokerTexts().inbox;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const templates = useQuery({ queryKey: TEMPLATES_KEY, queryFn: () => dataProvider.getInboxTemplates() });
  const [editing, setEditing] = useState<InboxTemplate | null | undefined>(undefined);
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const edit = (template: InboxTemplate | null) => {
    setEditing(template);
    setName(template?.name ?? '');
    setBody(template?.body ?? '');
    setProblem(undefined);
  };
  const save = useMutation({
    mutationFn: () => dataProvider.saveInboxTemplate({ name, body }, editing?.id),
    onSuccess: () => {
      toast({ title: T.templateSaved });
      setEditing(undefined);
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
    },
    onError: (error) => setProblem(serverMessage(error) ?? T.templateFailed),
  });
  const remove = useMutation({
    mutationFn: (id: string) => dataProvider.deleteInboxTemplate(id),
    onSuccess: () => {
      toast({ title: T.templateDeleted });
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
    },
    onError: (error) => errorToast(error, T.templateFailed),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="inbox-templates-title">
      <DialogTitle id="inbox-templates-title">{T.templatesTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {editing === undefined ? (
          <>
            {templates.data?.length === 0 && <Typography color="text.secondary">{T.templatesEmpty}</Typography>}
            <List disablePadding>
              {templates.data?.map((template) => (
                <ListItem
                  key={template.id}
                  disableGutters
                  secondaryAction={
                    <Box sx={{ display: 'flex', gap: 0.5 }}>
                      <IconButton aria-label={T.editTemplate(template.name)} onClick={() => edit(template)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={T.deleteTemplate(template.name)} onClick={() => remove.mutate(template.id)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Box>
                  }
                  sx={{ pr: 10 }}
                >
                  <ListItemText primary={template.name} secondary={template.body} />
                </ListItem>
              ))}
            </List>
            <Button variant="outlined" onClick={() => edit(null)} sx={{ justifySelf: 'start' }}>
              {T.addTemplate}
            </Button>
          </>
        ) : (
          <Box
            component="form"
            id="inbox-template-form"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate();
            }}
            sx={{ display: 'grid', gap: 2, pt: 1 }}
          >
            <TextField
              label={T.templateName}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={T.templateBody}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              required
              multiline
              minRows={3}
              helperText={T.replyHelp}
              slotProps={{ htmlInput: { maxLength: 1600 } }}
            />
            {problem && <Alert severity="error">{problem}</Alert>}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {editing === undefined ? (
          <Button onClick={onClose}>{T.close}</Button>
        ) : (
          <>
            <Button onClick={() => setEditing(undefined)}>{T.cancel}</Button>
            <Button type="submit" form="inbox-template-form" variant="contained" disabled={save.isPending}>
              {T.save}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
