import './soa.css';

import { useEffect, useState } from 'react';

import { formatCalendarDate, formatDateTime } from '../client/portalFormat.ts';
import { useLazyWords } from '../i18n.tsx';
import { type SignedForm, signedFormsApi } from './soaApi.ts';
import { SOA_TEXTS, type SoaTexts } from './soaTexts.ts';

const SOA_WORDS_IN = { es: async (): Promise<SoaTexts> => (await import('../../i18n/es/portal-soa.ts')).SOA_TEXTS };

/**
 * The portal's list of the Scopes of Appointment the client signed, each with its PDF. Nothing shows
 * until there is one (most clients never sign one), nor when the list cannot be read.
 */
export default function SignedFormsSection() {
  const words = useLazyWords(SOA_TEXTS, SOA_WORDS_IN);
  const [forms, setForms] = useState<SignedForm[]>([]);
  useEffect(() => {
    let live = true;
    signedFormsApi.list().then(
      (found) => live && setForms(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!words || forms.length === 0) return null;
  return (
    <section className="cp-card cp-section" aria-labelledby="cp-soa-forms-title">
      <h2 id="cp-soa-forms-title">{words.signedFormsTitle}</h2>
      <p className="cp-muted">{words.signedFormsIntro}</p>
      <ul className="cp-soa-forms">
        {forms.map((form) => (
          <li key={form.id}>
            <strong>{words.signedOn(formatDateTime(form.signedAt))}</strong>
            <br />
            {words.signedFor(form.agentName, formatDateTime(form.appointmentAt))}
            <br />
            <span className="cp-muted">{words.validUntil(formatCalendarDate(form.validUntil))}</span>
            <br />
            <a href={signedFormsApi.pdfUrl(form.id)} download>
              {words.download}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
