import { isConfirmation, reminderCallScript, reminderText, voicemailMessage } from './reminder-content.js';

const broker = { agency_name: 'Harbor Senior Insurance', broker_name: 'Dana Reyes', sponsor_message: 'Harbor cares.' };

describe('reminder content', () => {
  it.each(['1', 'yes', ' YES ', 'Yes.', 'y', 'si', 'SÍ', 'sí!'])('takes %j as a confirmation', (body) => {
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
    expect(script).toEqual({ agencyName: 'Dana Reyes', message: 'Hi', sponsorMessage: 'Harbor cares.' });
  });

  it('leaves a voicemail naming only the agency and its phone number', () => {
    expect(voicemailMessage({ ...broker, agency_phone: '(212) 555-0100' })).toBe(
      'This is a reminder from Harbor Senior Insurance. Please call us back at (212) 555-0100 if you need help.',
    );
    expect(voicemailMessage({ agency_name: '', broker_name: '', agency_phone: '' })).toBe(
      'This is a reminder from your insurance agency. Please call us back if you need help.',
    );
  });
});
