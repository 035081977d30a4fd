import { usePortalTexts } from '../i18n.tsx';
import type { Adherence, ContactChange, HistoryItem } from '../types.ts';
import { AdherenceSummary } from './AdherenceSummary.tsx';
import { formatDateTime, formatTime } from './portalFormat.ts';

/** How many past sends the card lists, newest first. */
export const HISTORY_SHOWN = 20;

/** History: the 30-day figures, the last reminders sent, each with how it went in words, and changes to the client's contact details. */
export function HistorySection({
  items,
  failed,
  adherence,
  contactChanges,
}: {
  items: HistoryItem[];
  failed: boolean;
  adherence: Adherence | null;
  contactChanges: ContactChange[];
}) {
  const { CARE_TEXTS: C, PORTAL_TEXTS: T } = usePortalTexts();
  // A change still waiting is asked about at the top of the portal; the history keeps the answers.
  const decided = contactChanges.filter(
    (change): change is ContactChange & { status: Exclude<ContactChange['status'], 'pending'> } => change.status !== 'pending',
  );
  return (
    <section className="cp-card cp-section" aria-labelledby="cp-history-title" data-tour="history">
      <h2 id="cp-history-title">{T.history}</h2>
      <AdherenceSummary adherence={adherence} failed={adherence === null} />
      {failed ? (
        <p className="cp-error">{T.historyFailed}</p>
      ) : items.length === 0 ? (
        <p className="cp-muted">{T.noHistory}</p>
      ) : (
        <>
          <p className="cp-muted">{T.historyIntro}</p>
          <ul className="cp-list">
            {items.slice(0, HISTORY_SHOWN).map((item) => (
              <li key={item.id} className="cp-item cp-history-item">
                <div className="cp-item-body">
                  <p className="cp-item-title">{item.message || T.genericReminder}</p>
                  <p className="cp-item-line">
                    {formatDateTime(item.occurrenceAt)} · {T[item.channel]}
                    {item.attempts > 1 && ` · ${C.tries(item.attempts)}`}
                  </p>
                </div>
                <span className={`cp-chip cp-outcome-${item.outcome}`}>
                  {item.outcome === 'confirmed' && item.confirmedAt ? C.confirmedAt(formatTime(item.confirmedAt)) : T.outcome[item.outcome]}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {decided.length > 0 && (
        <>
          <h3 className="cp-history-subtitle">{T.contactChangesHistory}</h3>
          <ul className="cp-list">
            {decided.map((change) => (
              <li key={change.id} className="cp-item cp-history-item">
                <div className="cp-item-body">
                  <p className="cp-item-title">{T.contactChangeRecord(T.contactField[change.field], change.oldValue, change.newValue)}</p>
                  <p className="cp-item-line">
                    {change.requestedBy} · {formatDateTime(change.decidedAt ?? change.requestedAt)}
                  </p>
                </div>
                <span className={`cp-chip cp-outcome-${change.status}`}>{T.contactChangeOutcome[change.status]}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
