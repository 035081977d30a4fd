import { contrastRatio } from '../branding/readable-color.js';
import { isCampaignLink, linksIn } from './campaign-links.js';
import { renderCampaignEmail, renderNoticeEmail } from './email-template.js';

const links = {
  open: 'https://app.example.com/api/t/o/tok.gif',
  click: (url: string) => `https://app.example.com/api/t/c/tok?u=${encodeURIComponent(url)}`,
  unsubscribe: 'https://app.example.com/api/u/tok',
  unsubscribeMailto: 'mailto:unsubscribe@app.example.com?subject=unsubscribe%20tok',
};
const branding = {
  agencyName: 'Harbor <Senior> Insurance',
  agencyAddress: '12 Main St, Nashville, TN',
  agencyPhone: '+16155550142',
  primaryColor: '#0f766e',
};

describe('campaign links', () => {
  it('finds the links of a message, without trailing punctuation', () => {
    expect(linksIn('Plans: https://harbor.example/plans. Call https://harbor.example/call?x=1, thanks')).toEqual([
      'https://harbor.example/plans',
      'https://harbor.example/call?x=1',
    ]);
    expect(isCampaignLink('See https://harbor.example/plans', 'https://harbor.example/plans')).toBe(true);
    expect(isCampaignLink('See https://harbor.example/plans', 'https://evil.example')).toBe(false);
  });
});

describe('renderCampaignEmail', () => {
  const email = renderCampaignEmail('Open enrollment is here.\n\nSee https://harbor.example/plans', branding, links);

  it('escapes, brands and tracks', () => {
    expect(email.html).toContain('Harbor &lt;Senior&gt; Insurance');
    expect(email.html).toContain('border-top:6px solid #0f766e');
    expect(email.html).toContain(`href="${links.click('https://harbor.example/plans').replace(/&/g, '&amp;')}"`);
    expect(email.html).toContain('<img src="https://app.example.com/api/t/o/tok.gif" width="1" height="1"');
  });

  it('draws a pale agency colour (yellow) in a darker shade of it that reads on white, never 1.3:1', () => {
    const yellow = renderCampaignEmail('See https://harbor.example/plans', { ...branding, primaryColor: '#fde047' }, links);
    const used = [...yellow.html.matchAll(/(?:color:|solid )(#[0-9a-f]{6})/g)].map((match) => match[1]).filter((c) => c !== '#0f172a');
    const brand = used.filter((color) => !['#ffffff', '#475569', '#334155', '#e2e8f0', '#f1f5f9'].includes(color));
    expect(brand.length).toBeGreaterThan(0);
    expect(yellow.html).not.toContain('#fde047');
    for (const color of brand) expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('has a footer with the agency, its postal address and an unsubscribe link, in both parts', () => {
    expect(email.html).toContain('12 Main St, Nashville, TN');
    expect(email.html).toContain('href="https://app.example.com/api/u/tok"');
    expect(email.text).toContain('12 Main St, Nashville, TN');
    expect(email.text).toContain('Unsubscribe: https://app.example.com/api/u/tok');
    expect(email.text).toContain(links.click('https://harbor.example/plans'));
  });

  it('has no tracking pixel and plain links when it tracks nothing (a test sent to the broker)', () => {
    const test = renderCampaignEmail('See https://harbor.example/plans', branding, { ...links, open: null, click: (url) => url });
    expect(test.html).not.toContain('<img src');
    expect(test.html).toContain('href="https://harbor.example/plans"');
    expect(email.html).toContain('<img src');
  });

  it('sets the one-click List-Unsubscribe headers', () => {
    expect(email.headers).toEqual({
      'List-Unsubscribe': '<https://app.example.com/api/u/tok>, <mailto:unsubscribe@app.example.com?subject=unsubscribe%20tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('renderNoticeEmail', () => {
  const email = renderNoticeEmail(
    {
      paragraphs: ['Rosa <& Co> has not confirmed the 8:00 AM reminder.', 'Never what it is about.'],
      button: { label: 'Your caregiver e-mails', url: 'https://app.example.com/api/caregiver/tok?a=1&b=2' },
      reason: 'You get this because Rosa added you as their caregiver.',
      stop: 'https://app.example.com/api/caregiver/tok/stop',
    },
    branding,
  );

  it('escapes the words, shows one button in the agency’s colour and no tracking pixel', () => {
    expect(email.html).toContain('Rosa &lt;&amp; Co&gt; has not confirmed');
    expect(email.html).toContain(
      'href="https://app.example.com/api/caregiver/tok?a=1&amp;b=2" style="display:inline-block;background:#0f766e',
    );
    expect(email.html).not.toContain('width="1" height="1"');
    expect(email.html).toContain('Harbor &lt;Senior&gt; Insurance');
  });

  it('says why it came and how to stop it, in both parts, with one-click List-Unsubscribe', () => {
    expect(email.text).toContain('Your caregiver e-mails: https://app.example.com/api/caregiver/tok?a=1&b=2');
    expect(email.text).toContain(
      'You get this because Rosa added you as their caregiver. Stop these e-mails: https://app.example.com/api/caregiver/tok/stop',
    );
    expect(email.html).toContain('href="https://app.example.com/api/caregiver/tok/stop"');
    expect(email.headers).toEqual({
      'List-Unsubscribe': '<https://app.example.com/api/caregiver/tok/stop>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
