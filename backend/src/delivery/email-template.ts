import { readableBrandColor } from '../branding/readable-color.js';
import type { Language } from '../common/language.js';
import { type Messages, messagesFor } from '../common/messages/index.js';
import { linksIn } from './campaign-links.js';

export interface EmailBranding {
  agencyName: string;
  agencyAddress: string;
  agencyPhone: string;
  logoUrl?: string | null;
  primaryColor: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
  headers: Record<string, string>;
}

export interface TrackingLinks {
  /** Open pixel URL; none for a test, which counts nothing. */
  open: string | null;
  /** Click redirect for a link of the message. */
  click: (url: string) => string;
  /** One-page unsubscribe URL (also the one-click POST target). */
  unsubscribe: string;
  /** mailto: address for List-Unsubscribe. */
  unsubscribeMailto: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The message as HTML paragraphs with its links going through the click redirect. */
function messageHtml(message: string, links: TrackingLinks, color: string): string {
  const urls = linksIn(message);
  return message
    .split(/\n{2,}/)
    .map((paragraph) => {
      let html = escapeHtml(paragraph).replace(/\n/g, '<br>');
      for (const url of urls) {
        const shown = escapeHtml(url);
        html = html.split(shown).join(`<a href="${escapeHtml(links.click(url))}" style="color:${color}">${shown}</a>`);
      }
      return `<p style="margin:0 0 16px;font-size:17px;line-height:1.6">${html}</p>`;
    })
    .join('');
}

/**
 * The agency's colour where it reads at 4.5:1 on white (links, the button's white text), else a
 * darker shade of it; the product's blue when it is not a hex colour.
 */
function brandColor(branding: EmailBranding): string {
  return readableBrandColor(branding.primaryColor);
}

/** The agency's name, postal address and phone: the footer's first lines. */
function footerLines(branding: EmailBranding, words: Messages): string[] {
  const agency = branding.agencyName.trim() || words.YourAgency;
  return [agency, branding.agencyAddress.trim(), branding.agencyPhone.trim()].filter(Boolean);
}

/** An e-mail in the agency's branding: logo or name in its colour, the content, a footer with the agency's lines and a note. */
function brandedHtml(branding: EmailBranding, words: Messages, contentHtml: string, footerNoteHtml: string, trailingHtml = ''): string {
  const color = brandColor(branding);
  const agency = branding.agencyName.trim() || words.YourAgency;
  const header = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(agency)}" width="120" style="max-width:120px;height:auto">`
    : `<span style="font-size:22px;font-weight:700;color:${color}">${escapeHtml(agency)}</span>`;
  return `<!doctype html><html lang="${words.locale}"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;border-top:6px solid ${color}">
<tr><td style="padding:24px 32px 8px">${header}</td></tr>
<tr><td style="padding:8px 32px 16px">${contentHtml}</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e2e8f0;font-size:13px;line-height:1.5;color:#475569">
${footerLines(branding, words).map(escapeHtml).join('<br>')}<br>
${footerNoteHtml}
</td></tr></table></td></tr></table>${trailingHtml}
</body></html>`;
}

/**
 * A campaign e-mail in the agency's branding: logo or name in its colour, the message, and a footer
 * with the agency's name, postal address and an unsubscribe link; the List-Unsubscribe headers let
 * mail apps offer one-click unsubscribe.
 */
export function renderCampaignEmail(
  message: string,
  branding: EmailBranding,
  links: TrackingLinks,
  disclaimer: string | null = null,
  language: Language = 'en',
): RenderedEmail {
  const words = messagesFor(language);
  const color = brandColor(branding);
  const agency = branding.agencyName.trim() || words.YourAgency;
  // The TPMO disclaimer of an agency that sells plans, above the footer, in the message's own size.
  const disclaimerHtml = disclaimer
    ? `<p style="margin:16px 0 0;font-size:15px;line-height:1.5;color:#334155">${escapeHtml(disclaimer)}</p>`
    : '';
  const html = brandedHtml(
    branding,
    words,
    messageHtml(message, links, color) + disclaimerHtml,
    `${escapeHtml(words.email.campaignReason(agency))} <a href="${escapeHtml(links.unsubscribe)}" style="color:${color}">${words.email.unsubscribe}</a>`,
    links.open === null ? '' : `\n<img src="${escapeHtml(links.open)}" width="1" height="1" alt="" style="display:block;border:0">`,
  );
  let text = message;
  for (const url of linksIn(message)) text = text.split(url).join(links.click(url));
  if (disclaimer) text += `\n\n${disclaimer}`;
  text += `\n\n--\n${footerLines(branding, words).join('\n')}\n${words.email.unsubscribe}: ${links.unsubscribe}\n`;
  return {
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>, <${links.unsubscribeMailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A notice to one person (a caregiver): a few paragraphs, one button, and a stop link. */
export interface NoticeEmail {
  paragraphs: string[];
  button: { label: string; url: string };
  /** Why they get it, in the footer, before the stop link. */
  reason: string;
  /** The page that stops these e-mails (also the one-click POST target). */
  stop: string;
  /** The recipient's language: the footer's words (English when absent). */
  language?: Language;
}

/** A notice e-mail in the agency's branding, without tracking; List-Unsubscribe stops the notices in one click. */
export function renderNoticeEmail(notice: NoticeEmail, branding: EmailBranding): RenderedEmail {
  const words = messagesFor(notice.language);
  const color = brandColor(branding);
  const paragraphs = notice.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:17px;line-height:1.6">${escapeHtml(p)}</p>`)
    .join('');
  const button = `<p style="margin:8px 0 16px"><a href="${escapeHtml(notice.button.url)}" style="display:inline-block;background:${color};color:#ffffff;font-size:17px;font-weight:700;text-decoration:none;padding:12px 20px;border-radius:8px">${escapeHtml(notice.button.label)}</a></p>`;
  const html = brandedHtml(
    branding,
    words,
    paragraphs + button,
    `${escapeHtml(notice.reason)} <a href="${escapeHtml(notice.stop)}" style="color:${color}">${words.email.stopThese}</a>`,
  );
  const text = `${notice.paragraphs.join('\n\n')}\n\n${notice.button.label}: ${notice.button.url}\n\n--\n${footerLines(branding, words).join('\n')}\n${notice.reason} ${words.email.stopThese}: ${notice.stop}\n`;
  return {
    html,
    text,
    headers: { 'List-Unsubscribe': `<${notice.stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
