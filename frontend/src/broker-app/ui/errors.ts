import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { errorBodyField, serverMessage } from '../../lib/http.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useToast } from './toast.tsx';

/** SPEC §9: the trial-expired redirect to /billing waits 1.5 s. */
export const TRIAL_EXPIRED_REDIRECT_MS = 1500;

/** The server said the trial is over: its message says so, or the body carries trialExpired. */
export function isTrialExpiredError(error: unknown): boolean {
  if (errorBodyField(error, 'trialExpired') === true) return true;
  const message = serverMessage(error) ?? (error instanceof Error ? error.message : '');
  return /trial has expired/i.test(message);
}

/**
 * Failed actions: a destructive toast titled with the page's text for the failure ('Failed to add
 * client'), and the server's reason underneath when it gave one.
 */
export function useErrorToast() {
  const toast = useToast();
  return useCallback(
    (error: unknown, fallback: string) => toast({ title: fallback, description: serverMessage(error), variant: 'destructive' }),
    [toast],
  );
}

/**
 * For actions behind the subscription (execute reminders, send a campaign): a lapsed trial shows
 * 'Trial Expired' and moves to /billing after 1.5 s; anything else is the usual error toast.
 */
export function useSubscriptionErrorHandler() {
  const toast = useToast();
  const errorToast = useErrorToast();
  const navigate = useNavigate();
  const { ERROR_TEXTS } = useBrokerTexts().shell;
  return useCallback(
    (error: unknown, fallback: string) => {
      if (!isTrialExpiredError(error)) {
        errorToast(error, fallback);
        return;
      }
      toast({
        title: ERROR_TEXTS.trialExpiredTitle,
        description: serverMessage(error) ?? ERROR_TEXTS.trialExpiredFallback,
        variant: 'destructive',
      });
      setTimeout(() => void navigate('/billing'), TRIAL_EXPIRED_REDIRECT_MS);
    },
    [toast, errorToast, navigate, ERROR_TEXTS],
  );
}
