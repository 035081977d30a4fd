import { ADHERENCE_PDF_URL } from '../api.ts';
import { type PortalTexts, usePortalTexts } from '../i18n.tsx';
import type { Adherence, AdherenceDay, AdherenceFigures, ReminderAdherence } from '../types.ts';

/** "86% confirmed (12 of 14)", or that there is no figure yet. */
export function adherenceLine(figures: AdherenceFigures, C: PortalTexts['CARE_TEXTS']): string {
  if (figures.percent === null) return C.adherenceNoFigure;
  return C.adherenceAll(figures.percent, figures.confirmed, figures.confirmed + figures.missed);
}

/** A day's cell: all confirmed, some not confirmed, or no reminder that ended. */
export function dayState(day: AdherenceDay): 'confirmed' | 'missed' | 'none' {
  if (day.missed > 0) return 'missed';
  if (day.confirmed > 0) return 'confirmed';
  return 'none';
}

/** The last 30 days as a strip of day cells, read out as one sentence (colour is never the only cue: the legend and the figures say it too). */
function DayStrip({ reminder }: { reminder: ReminderAdherence }) {
  const { CARE_TEXTS: C } = usePortalTexts();
  return (
    <div className="cp-strip" role="img" aria-label={C.adherenceChart(reminder.confirmed, reminder.missed, reminder.skipped)}>
      {reminder.days.map((day) => {
        const state = dayState(day);
        return <span key={day.date} className={`cp-strip-day cp-strip-${state}`} data-date={day.date} data-state={state} />;
      })}
    </div>
  );
}

/** The 30-day figures at the top of History: all reminders, then each with its strip; Download PDF. */
export function AdherenceSummary({ adherence, failed }: { adherence: Adherence | null; failed: boolean }) {
  const { CARE_TEXTS: C } = usePortalTexts();
  if (failed || !adherence) return <p className="cp-error">{C.adherenceFailed}</p>;
  return (
    <div className="cp-adherence" data-testid="adherence">
      <h3 className="cp-history-subtitle">{C.adherenceTitle}</h3>
      {adherence.reminders.length === 0 ? (
        <p className="cp-muted">{C.adherenceNone}</p>
      ) : (
        <>
          {adherence.reminders.length > 1 && <p className="cp-adherence-all">{C.allReminders(adherenceLine(adherence, C))}</p>}
          <ul className="cp-list">
            {adherence.reminders.map((reminder) => (
              <li key={reminder.reminderId} className="cp-adherence-item">
                <p className="cp-item-title">
                  {[reminder.medicationName, reminder.message].filter(Boolean).join(' — ') || C.genericReminder}
                </p>
                <p className="cp-item-line">{adherenceLine(reminder, C)}</p>
                <DayStrip reminder={reminder} />
              </li>
            ))}
          </ul>
          <ul className="cp-legend" aria-hidden="true">
            <li>
              <span className="cp-strip-day cp-strip-confirmed" /> {C.legendConfirmed}
            </li>
            <li>
              <span className="cp-strip-day cp-strip-missed" /> {C.legendMissed}
            </li>
            <li>
              <span className="cp-strip-day cp-strip-none" /> {C.legendNone}
            </li>
          </ul>
        </>
      )}
      <p className="cp-pdf">
        <a className="cp-button" href={ADHERENCE_PDF_URL} download aria-describedby="cp-pdf-hint">
          {C.downloadPdf}
        </a>
        <span id="cp-pdf-hint" className="cp-hint">
          {C.downloadPdfHint}
        </span>
      </p>
    </div>
  );
}
