import { callSentences, callTwiml } from './call-script.js';

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
      'Press 1 to confirm you got this message. Press 9 to stop these calls.',
    ]);
  });

  it('builds TwiML with a one-digit Gather posting to the given URL, escaping text', () => {
    const xml = callTwiml(
      { ...script, message: 'Tom & Jerry <test>' },
      'https://app.example.com/api/webhooks/twilio/voice-gather?delivery=abc',
    );
    expect(xml).toContain(
      '<Gather numDigits="1" action="https://app.example.com/api/webhooks/twilio/voice-gather?delivery=abc" method="POST" timeout="6">',
    );
    expect(xml).toContain('Tom &amp; Jerry &lt;test&gt;');
    expect(xml.indexOf('Whitfield Medicare Advisors')).toBeLessThan(xml.indexOf('Brought to you by'));
    expect(xml).toMatch(/<\/Gather><Say voice="Polly.Joanna">Thank you. Goodbye.<\/Say><\/Response>$/);
  });

  it('names no agency when there is none yet', () => {
    expect(callSentences({ agencyName: '', message: 'Hi' })[0]).toBe('Hello, this is a reminder from your insurance agency.');
  });
});
