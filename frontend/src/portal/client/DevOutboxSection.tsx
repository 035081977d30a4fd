import { type FormEvent, useEffect, useState } from 'react';

import { serverMessage } from '../../lib/http.ts';
import { portalApi } from '../api.ts';
import { usePortalTexts } from '../i18n.tsx';
import type { DevOutboxMessage } from '../types.ts';
import { useToast } from '../ui/toast.tsx';
import { formatPhone } from './portalFormat.ts';

/** The latest messages shown: enough to answer today's texts and calls. */
const SHOWN = 10;

/** A phone number as the client reads it; an e-mail address as it is. */
const readable = (recipient: string) => (recipient.startsWith('+') ? formatPhone(recipient) : recipient);

function Answer({ message, onAnswered }: { message: DevOutboxMessage; onAnswered: () => void }) {
  const { CARE_TEXTS: C } = usePortalTexts();
  const toast = useToast();
  const [reply, setReply] = useState('');
  const [heard, setHeard] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const who = readable(message.recipient);

  const send = async (answer: { action: 'reply' | 'key'; text?: string; digits?: string }) => {
    setBusy(true);
    try {
      setHeard((await portalApi.answerDevOutbox(message.id, answer)).heard);
      setReply('');
      onAnswered();
    } catch (problem) {
      toast({ title: C.devAnswerFailed, description: serverMessage(problem), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.trim()) void send({ action: 'reply', text: reply.trim() });
  };

  return (
    <div className="cp-dev-answer">
      {message.channel === 'sms' ? (
        <form onSubmit={submit} className="cp-dev-reply">
          <input
            aria-label={`${C.devReply}: ${who}`}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            placeholder={C.devReply}
            maxLength={1600}
          />
          <button type="submit" className="cp-button" disabled={busy || !reply.trim()} aria-label={C.devSendReply(who)}>
            {C.devReply}
          </button>
        </form>
      ) : (
        <div className="cp-dev-reply">
          {(['1', '9'] as const).map((digits) => (
            <button key={digits} type="button" className="cp-button" disabled={busy} onClick={() => void send({ action: 'key', digits })}>
              {digits === '1' ? C.devPress1 : C.devPress9}
            </button>
          ))}
        </div>
      )}
      {heard && (
        <p role="status" className="cp-muted">
          {heard.length ? `${C.devHeard} “${heard.join(' ')}”` : C.devNothingHeard}
        </p>
      )}
    </div>
  );
}

/**
 * In development only: the texts, calls and e-mails to the client and their caregivers, each text
 * or call answerable as its recipient would (a caregiver's YES, a STOP, a key on a reminder call).
 * Nothing shows when the server has no development outbox.
 */
export function DevOutboxSection() {
  const { CARE_TEXTS: C } = usePortalTexts();
  const [messages, setMessages] = useState<DevOutboxMessage[] | null>(null);
  const load = () =>
    portalApi.devOutbox().then(
      (found) => setMessages(found.slice(0, SHOWN)),
      () => setMessages(null),
    );
  useEffect(() => {
    void load();
  }, []);
  if (!messages?.length) return null;
  return (
    <section className="cp-card cp-section" aria-labelledby="cp-dev-outbox-title">
      <h2 id="cp-dev-outbox-title">{C.devOutboxTitle}</h2>
      <p className="cp-muted">{C.devOutboxHint}</p>
      <ul className="cp-list">
        {messages.map((message) => (
          <li key={message.id} className="cp-item">
            <div className="cp-item-body">
              <p className="cp-item-title">{C.devTo(readable(message.recipient))}</p>
              <p className="cp-dev-body">{message.subject ? `${message.subject} — ${message.body}` : message.body}</p>
              {message.channel !== 'email' && <Answer message={message} onAnswered={() => void load()} />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
