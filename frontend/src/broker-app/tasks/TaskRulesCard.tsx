import { Alert, Card, CardContent, CardHeader, FormControlLabel, FormGroup, Skeleton, Switch, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCareKeepDataProvider } from '../providers/dataProvider.ts';
import { useMemberMay } from '../providers/memberMay.tsx';
import type { TaskRules } from '../types.ts';
import { useErrorToast } from '../ui/errors.ts';
import { useToast } from '../ui/toast.tsx';

const RULES_KEY = ['tasks', 'rules'] as const;

/** The automatic tasks the agency has on (Team page): owners switch them; others see them. */
export function TaskRulesCard() {
  const { TASK_TEXTS: T } = useBrokerTexts().tasks;
  const dataProvider = useCareKeepDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const mayManage = useMemberMay()('members:manage');
  const { data, isPending, isError } = useQuery({ queryKey: RULES_KEY, queryFn: () => dataProvider.getTaskRules() });
  const save = useMutation({
    mutationFn: (change: Partial<TaskRules>) => dataProvider.updateTaskRules(change),
    onSuccess: (rules) => {
      queryClient.setQueryData(RULES_KEY, rules);
      toast({ title: T.rulesSaved });
    },
    onError: (error) => errorToast(error, T.rulesFailed),
  });
  const rules: [keyof TaskRules, string][] = [
    ['welcomeCall', T.ruleWelcomeCall],
    ['reviewCall', T.ruleReviewCall],
    ['turning65', T.ruleTurning65],
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="task-rules-title">
      <CardHeader title={T.rulesTitle} slotProps={{ title: { id: 'task-rules-title', variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {T.rulesIntro}
        </Typography>
        {isPending ? (
          <Skeleton height={100} />
        ) : isError ? (
          <Alert severity="error">{T.loadFailed}</Alert>
        ) : (
          <FormGroup>
            {rules.map(([key, label]) => (
              <FormControlLabel
                key={key}
                label={label}
                control={
                  <Switch
                    checked={data[key]}
                    disabled={!mayManage || save.isPending}
                    onChange={(event) => save.mutate({ [key]: event.target.checked })}
                  />
                }
              />
            ))}
          </FormGroup>
        )}
      </CardContent>
    </Card>
  );
}
