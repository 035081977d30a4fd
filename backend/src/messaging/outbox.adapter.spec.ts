import { CODE_HIDDEN, hideSecrets, LINK_HIDDEN } from './outbox.adapter.js';

describe('the development outbox hides what only the recipient may see', () => {
  it('hides a code wherever it appears, and leaves other figures', () => {
    expect(hideSecrets('Sunrise Benefits: Your code is 482913. It works for 30 minutes. (482913)', ['482913'])).toBe(
      `Sunrise Benefits: Your code is ${CODE_HIDDEN}. It works for 30 minutes. (${CODE_HIDDEN})`,
    );
  });

  it('hides a link whole, also where a longer link starts with it', () => {
    const link = 'https://app.example/api/consent/renew/AbC_123-xyz';
    expect(hideSecrets(`Renew: ${link}\nStop: ${link}/stop`, [link])).toBe(`Renew: ${LINK_HIDDEN}\nStop: ${LINK_HIDDEN}/stop`);
  });

  it('hides the longer of two secrets first, so no part of it shows', () => {
    const token = 'AbCdEf123';
    const link = `https://app.example/client/reset-password?token=id.${token}`;
    expect(hideSecrets(`Open ${link}`, [token, link])).toBe(`Open ${LINK_HIDDEN}`);
  });

  it('leaves a message without secrets as it is', () => {
    expect(hideSecrets('Time for your medication', [])).toBe('Time for your medication');
    expect(hideSecrets('Time for your medication', [''])).toBe('Time for your medication');
  });
});
