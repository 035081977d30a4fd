import { useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { usePortalTexts } from '../i18n.tsx';
import type { ContactChange } from '../types.ts';
import { useToast } from '../ui/toast.tsx';
import { formatDateTime } from './portalFormat.ts';

/**
 * A phone or e-mail change the client's agent asked for: it takes effect only when the client
 * confirms it here (their reminders are private), and they may keep the contact in use instead.
 */
export function ContactChangeSection({ changes, onChanged }: { changes: ContactChange[]; onChanged: () => void }) {
  const { PORTAL_TEXTS: T } = usePortalTexts();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const pending = changes.filter((change) => change.status === 'pending');
  if (pending.length === 0) return null;

  const decide = async (change: ContactChange, decision: 'confirm' | 'refuse') => {
    setBusy(change.id);
    try {
      await portalApi.decideContactChange(change.id, decision);
      toast({ title: decision === 'confirm' ? T.changeConfirmed : T.changeRefused });
    } catch (problem) {
      toast({ title: T.changeFailed, description: serverMessage(problem), variant: 'destructive' });
    }
    setBusy(null);
    onChanged();
  };

  return (
    <section className="cp-card cp-section cp-contact-change" aria-labelledby="cp-contact-change-title">
      <h2 id="cp-contact-change-title">{T.contactChangeTitle}</h2>
      <ul className="cp-list">
        {pending.map((change) => {
          const what = T.contactField[change.field];
          return (
            <li key={change.id} className="cp-item cp-contact-change-item">
              <div className="cp-item-body">
                <p className="cp-item-title">
                  {T.contactChangeAsk(change.requestedBy, formatDateTime(change.requestedAt), what, change.oldValue, change.newValue)}
                </p>
                <p className="cp-item-line">{T.contactChangeKeep(what)}</p>
                <div className="cp-actions">
                  <button type="button" className="cp-button" disabled={busy !== null} onClick={() => void decide(change, 'confirm')}>
                    {T.confirmChange}
                  </button>
                  <button
                    type="button"
                    className="cp-button cp-button-outline"
                    disabled={busy !== null}
                    onClick={() => void decide(change, 'refuse')}
                  >
                    {T.keepCurrent(what)}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
