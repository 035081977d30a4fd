import twilio from 'twilio';

import { callSentences, callTwiml, saidYes } from './call-script.js';

describe('reminder call script', () => {
  const script = {
    agencyName: 'Whitfield Medicare Advisors',
    message: 'Your plan review is Tuesday.',
    sponsorMessage: 'Brought to you by Whitfield.',
  };

  it('opens with the agency, says the message, then the sponsor message, then the prompt', () => {
    expect(callSentences(script)).toEqual([
      'Hello, this is a reminder from Whitfield Medicare Advisors.',
      'Your plan review is Tuesday.',
      'Brought to you by Whitfield.',
      'Press 1 or say yes to confirm you got this message. Press 9 to stop these calls.',
    ]);
  });

  it('builds TwiML with a Gather of one key or speech in the call’s language posting to the given URL, escaping text', () => {
    const xml = callTwiml(
      twilio,
      { ...script, message: 'Tom & Jerry <test>' },
      'https://app.example.com/api/webhooks/twilio/voice-gather?delivery=abc',
    );
    expect(xml).toContain(
      '<Gather input="dtmf speech" numDigits="1" action="https://app.example.com/api/webhooks/twilio/voice-gather?delivery=abc" method="POST" timeout="6" language="en-US" hints="yes, yeah, yep, I did" speechTimeout="auto">',
    );
    expect(xml).toContain('Tom &amp; Jerry &lt;test&gt;');
    expect(xml.indexOf('Whitfield Medicare Advisors')).toBeLessThan(xml.indexOf('Brought to you by'));
    expect(xml).toMatch(/<\/Gather><Say voice="Polly.Joanna" language="en-US">Thank you. Goodbye.<\/Say><\/Response>$/);
  });

  it('names no agency when there is none yet', () => {
    expect(callSentences({ agencyName: '', message: 'Hi' })[0]).toBe('Hello, this is a reminder from your insurance agency.');
  });

  it('speaks Spanish to a Spanish-speaking client: its own words, a Spanish voice and language="es-US"; the broker’s words as written', () => {
    const spanish = { ...script, sponsorMessage: 'Patrocinado por Whitfield.', language: 'es' as const };
    expect(callSentences(spanish)).toEqual([
      'Hola, le llamamos de Whitfield Medicare Advisors con un recordatorio.',
      'Your plan review is Tuesday.',
      'Patrocinado por Whitfield.',
      'Oprima 1 o diga sí para confirmar que recibió este mensaje. Oprima 9 para no recibir más estas llamadas.',
    ]);
    const xml = callTwiml(twilio, spanish, 'https://app.example.com/g');
    expect(xml).toContain(
      '<Say voice="Polly.Lupe" language="es-US">Hola, le llamamos de Whitfield Medicare Advisors con un recordatorio.</Say>',
    );
    expect(xml).not.toContain('Polly.Joanna');
    expect(xml).toContain(
      '<Gather input="dtmf speech" numDigits="1" action="https://app.example.com/g" method="POST" timeout="6" language="es-US" hints="sí, si, claro, ya" speechTimeout="auto">',
    );
    expect(xml).toMatch(/<Say voice="Polly.Lupe" language="es-US">Gracias. Hasta luego.<\/Say><\/Response>$/);
  });

  it.each(['Yes.', 'yes I did', 'Yeah', 'Sí.', 'si', 'Sí, claro', 'OK'])('takes %j said during the call as a confirmation', (speech) => {
    expect(saidYes(speech)).toBe(true);
  });

  it.each(['', undefined, 'No.', 'no, not yet', 'Sí, pero no', 'todavía no', 'what?', 'yesterday', 'stop'])(
    'does not take %j as one',
    (speech) => {
      expect(saidYes(speech)).toBe(false);
    },
  );
});
