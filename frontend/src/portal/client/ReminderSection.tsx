import { lazy, Suspense, useEffect, useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { usePortalTexts } from '../i18n.tsx';
import type { ClientReminder, Medication, UpcomingReminder } from '../types.ts';
import { ConfirmDeleteDialog, useConfirmedDelete } from '../ui/ConfirmDelete.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useToast } from '../ui/toast.tsx';
import { followUpSummary, formatDateTime, recurrenceSummary } from './portalFormat.ts';

// The form loads after the page shows (it is only needed once Schedule Reminder is pressed).
const loadForm = () => import('./ReminderForm.tsx');
const ReminderForm = lazy(() => loadForm().then((module) => ({ default: module.ReminderForm })));

/** The next reminders that will ring, then the paused ones (marked Paused), near the top when there are any. */
export function UpcomingReminders({ reminders }: { reminders: UpcomingReminder[] }) {
  const { CARE_TEXTS: C, PORTAL_TEXTS: T } = usePortalTexts();
  if (reminders.length === 0) return null;
  return (
    <section className="cp-card cp-section" aria-labelledby="cp-upcoming-title" data-tour="upcoming">
      <h2 id="cp-upcoming-title">{T.upcomingReminders}</h2>
      <ul className="cp-list cp-upcoming">
        {reminders.map((reminder) => (
          <li key={reminder.id}>
            <span className="cp-item-title">{reminder.message || T.genericReminder}</span>
            {/* Paused: it will not ring at the time it was due, so that time is not shown. */}
            {reminder.pausedAt ? (
              <span className="cp-chip cp-chip-paused">{C.paused}</span>
            ) : (
              <span className="cp-muted">{formatDateTime(reminder.scheduledTime)}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A status in words and colour (never colour alone). */
export function StatusChip({ status }: { status: ClientReminder['status'] }) {
  const { PORTAL_TEXTS: T } = usePortalTexts();
  return <span className={`cp-chip cp-chip-${status}`}>{T.status[status]}</span>;
}

/** Pause or Resume one reminder: a toast says what happened, then the page reloads its reminders. */
function PauseButton({ reminder, title, onChanged }: { reminder: ClientReminder; title: string; onChanged: () => void }) {
  const { CARE_TEXTS: C } = usePortalTexts();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const paused = Boolean(reminder.pausedAt);

  const toggle = async () => {
    setBusy(true);
    try {
      if (paused) {
        const resumed = await portalApi.resumeReminder(reminder.id);
        toast({ title: C.reminderResumed(formatDateTime(resumed.nextOccurrenceAt ?? resumed.scheduledTime)) });
      } else {
        await portalApi.pauseReminder(reminder.id);
        toast({ title: C.reminderPaused });
      }
      onChanged();
    } catch (failure) {
      toast({ title: paused ? C.resumeFailed : C.pauseFailed, description: serverMessage(failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="cp-button cp-button-outline"
      disabled={busy}
      aria-label={paused ? C.resumeReminderLabel(title) : C.pauseReminderLabel(title)}
      onClick={() => void toggle()}
    >
      {paused ? C.resumeReminder : C.pauseReminder}
    </button>
  );
}

/** My Reminders: the client's reminders, Schedule Reminder, Pause / Resume and Delete for pending ones. */
export function ReminderSection({
  reminders,
  medications,
  failed,
  onChanged,
}: {
  reminders: ClientReminder[];
  medications: Medication[];
  failed: boolean;
  onChanged: () => void;
}) {
  const { CARE_TEXTS: C, PORTAL_TEXTS: T } = usePortalTexts();
  const [scheduling, setScheduling] = useState(false);
  const deletion = useConfirmedDelete<ClientReminder>(
    portalApi.deleteReminder,
    { done: T.reminderDeleted, failed: T.reminderDeleteFailed },
    onChanged,
  );
  useEffect(() => {
    void loadForm();
  }, []);
  const medicationName = (id: string | null) => medications.find((m) => m.id === id)?.name ?? null;

  return (
    <section className="cp-card cp-section" aria-labelledby="cp-reminders-title" data-tour="reminders">
      <div className="cp-section-head">
        <h2 id="cp-reminders-title">{T.myReminders}</h2>
        <button type="button" className="cp-button" onClick={() => setScheduling(true)}>
          <span aria-hidden="true">+</span> {T.scheduleReminder}
        </button>
      </div>
      {failed ? (
        <p className="cp-error">{T.remindersFailed}</p>
      ) : reminders.length === 0 ? (
        <p className="cp-muted">{T.noReminders}</p>
      ) : (
        <ul className="cp-list">
          {reminders.map((reminder) => {
            const medication = medicationName(reminder.medicationId);
            const title = reminder.message || medication || T.genericReminder;
            const when = reminder.nextOccurrenceAt ?? reminder.scheduledTime;
            return (
              <li key={reminder.id} className="cp-item" data-testid="reminder">
                <div className="cp-item-body">
                  <p className="cp-item-title">{title}</p>
                  {reminder.message && medication && <p className="cp-item-line">{T.forMedication(medication)}</p>}
                  {reminder.pausedAt ? (
                    <p className="cp-item-line">{C.pausedLine}</p>
                  ) : (
                    <p className="cp-item-line">
                      {reminder.status === 'pending' ? `${T.next} ` : ''}
                      {formatDateTime(when)}
                    </p>
                  )}
                  <p className="cp-item-line">
                    {recurrenceSummary(reminder, T.oneTime)} · {T[reminder.deliveryMethod]}
                  </p>
                  {followUpSummary(reminder) && <p className="cp-item-line">{followUpSummary(reminder)}</p>}
                </div>
                <div className="cp-item-actions">
                  {reminder.pausedAt ? <span className="cp-chip cp-chip-paused">{C.paused}</span> : <StatusChip status={reminder.status} />}
                  {/* Pausable while a time is still to come; a paused one can always be resumed. */}
                  {reminder.status === 'pending' && (reminder.pausedAt || reminder.nextOccurrenceAt) && (
                    <PauseButton reminder={reminder} title={title} onChanged={onChanged} />
                  )}
                  {reminder.status === 'pending' && (
                    <button
                      type="button"
                      className="cp-button cp-button-danger"
                      aria-label={`${T.delete} ${title}`}
                      onClick={() => deletion.ask(reminder)}
                    >
                      {T.delete}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Dialog open={scheduling} title={T.scheduleReminder} onClose={() => setScheduling(false)}>
        <Suspense fallback={<p role="status">{T.loading}</p>}>
          <ReminderForm
            medications={medications}
            onCancel={() => setScheduling(false)}
            onDone={() => {
              setScheduling(false);
              onChanged();
            }}
          />
        </Suspense>
      </Dialog>
      <ConfirmDeleteDialog
        open={deletion.target !== null}
        title={T.deleteReminderTitle}
        busy={deletion.busy}
        cancelLabel={T.cancel}
        deleteLabel={T.delete}
        onCancel={deletion.cancel}
        onConfirm={() => void deletion.confirm()}
      >
        <p>{T.deleteReminderConfirm}</p>
      </ConfirmDeleteDialog>
    </section>
  );
}
