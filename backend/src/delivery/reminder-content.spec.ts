import { caregiverAlert, caregiverEmail, isConfirmation, reminderCallScript, reminderText, voicemailMessage } from './reminder-content.js';

const broker = {
  agency_name: 'Harbor Senior Insurance',
  broker_name: 'Dana Reyes',
  sponsor_message: 'Harbor cares.',
  client_language: 'en' as const,
};

describe('reminder content', () => {
  it.each(['1', 'yes', ' YES ', 'Yes.', 'y', 'si', 'SÍ', 'sí!', '¡Sí!', 'Si.'])('takes %j as a confirmation', (body) => {
    expect(isConfirmation(body)).toBe(true);
  });

  it.each(['', undefined, '2', 'no', 'yes please', 'STOP', '11', 'HELP'])('does not take %j as a confirmation', (body) => {
    expect(isConfirmation(body)).toBe(false);
  });

  it('asks for a reply in a client reminder’s text, before the opt-out line', () => {
    const text = reminderText({ ...broker, client_message: null, medication_name: null, message: null, confirm_within_minutes: 10 });
    expect(text).toBe(
      "Harbor Senior Insurance: It's time to take your medication Harbor cares. Reply 1 or YES when you have taken it. Reply STOP to opt out.",
    );
  });

  it('keeps a broker reminder’s text as it was (no reply asked)', () => {
    const text = reminderText({
      ...broker,
      client_message: null,
      medication_name: null,
      message: 'Your review is Friday.',
      confirm_within_minutes: null,
    });
    expect(text).toBe('Harbor Senior Insurance: Your review is Friday. Harbor cares. Reply STOP to opt out.');
  });

  it('falls back to the broker’s name for the agency', () => {
    const script = reminderCallScript({
      ...broker,
      agency_name: '',
      client_message: null,
      medication_name: null,
      message: 'Hi',
      confirm_within_minutes: null,
    });
    expect(script).toEqual({ agencyName: 'Dana Reyes', message: 'Hi', sponsorMessage: 'Harbor cares.', language: 'en' });
  });

  it('leaves a voicemail naming only the agency and its phone number', () => {
    expect(voicemailMessage({ ...broker, agency_phone: '(212) 555-0100' })).toBe(
      'This is a reminder from Harbor Senior Insurance. Please call us back at (212) 555-0100 if you need help.',
    );
    expect(voicemailMessage({ agency_name: '', broker_name: '', agency_phone: '', client_language: 'en' })).toBe(
      'This is a reminder from your insurance agency. Please call us back if you need help.',
    );
  });

  it('tells a caregiver the same by text and by e-mail: who, at what time, from which agency, never what', () => {
    const alert = {
      ...broker,
      client_first_name: 'Rosa',
      occurrence_at: new Date('2026-03-02T14:30:00Z'),
      caregiver_message: 'alert' as const,
    };
    const links = { page: 'https://app.example.com/api/caregiver/tok', stop: 'https://app.example.com/api/caregiver/tok/stop' };
    expect(caregiverAlert(alert, 'America/New_York')).toBe(
      'Rosa has not confirmed the 9:30 AM reminder from Harbor Senior Insurance. Reply STOP to opt out.',
    );
    const email = caregiverEmail(alert, 'America/New_York', links);
    expect(email.subject).toBe('Rosa has not confirmed a reminder');
    expect(email.notice.paragraphs[0]).toBe('Rosa has not confirmed the 9:30 AM reminder from Harbor Senior Insurance.');
    expect(email.notice.stop).toBe(links.stop);
    const invite = caregiverEmail({ ...alert, caregiver_message: 'invite' }, 'America/New_York', links);
    expect(invite.subject).toBe('Rosa added you as their caregiver');
    expect(invite.notice.button).toEqual({ label: 'Answer', url: links.page });
    expect(invite.notice.paragraphs).toContain('Nothing else is sent to you unless you say yes.');
  });

  describe('in Spanish', () => {
    const spanish = { ...broker, client_language: 'es' as const, sponsor_message: 'Harbor le cuida.' };

    it('sends the default reminder, the confirmation prompt and the opt-out line in Spanish; the broker’s words as written', () => {
      expect(reminderText({ ...spanish, client_message: null, medication_name: null, message: null, confirm_within_minutes: 10 })).toBe(
        'Harbor Senior Insurance: Es hora de tomar su medicamento Harbor le cuida. Responda 1 o SÍ cuando lo haya tomado. Responda ALTO para no recibir más mensajes.',
      );
      expect(
        reminderText({
          ...spanish,
          client_message: null,
          medication_name: null,
          message: 'Your review is Friday.',
          confirm_within_minutes: null,
        }),
      ).toBe('Harbor Senior Insurance: Your review is Friday. Harbor le cuida. Responda ALTO para no recibir más mensajes.');
    });

    it('leaves a Spanish voicemail and tells a caregiver in Spanish, with the time in Spanish', () => {
      expect(voicemailMessage({ ...spanish, agency_phone: '(212) 555-0100' })).toBe(
        'Le llamamos de Harbor Senior Insurance con un recordatorio. Por favor, devuélvanos la llamada al (212) 555-0100 si necesita ayuda.',
      );
      const alert = {
        ...spanish,
        client_first_name: 'Rosa',
        occurrence_at: new Date('2026-03-02T14:30:00Z'),
        caregiver_message: 'alert' as const,
      };
      expect(caregiverAlert(alert, 'America/New_York')).toMatch(
        /^Rosa no ha confirmado el recordatorio de las 9:30 a\.\s?m\. de Harbor Senior Insurance\. Responda ALTO para no recibir más mensajes\.$/,
      );
      const invite = caregiverEmail({ ...alert, caregiver_message: 'invite' }, 'America/New_York', { page: 'p', stop: 's' });
      expect(invite.subject).toBe('Rosa le agregó como su cuidador');
      expect(invite.notice.language).toBe('es');
    });
  });
});
