import { randomBytes } from 'node:crypto';

import type { Language } from './language.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export interface PublicPage {
  html: string;
  csp: string;
}

/** A small standalone page (unsubscribe, a caregiver’s answer) with its own strict CSP; large type for older readers. */
export function publicPage(title: string, body: string, color = '#2563eb', language: Language = 'en'): PublicPage {
  const nonce = randomBytes(16).toString('base64');
  const style = `body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center}
main{box-sizing:border-box;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgb(0 0 0/.12);padding:2rem;width:min(30rem,calc(100vw - 2rem));font-size:1.15rem;line-height:1.5}
h1{font-size:1.5rem;margin:0 0 .75rem}button{font:inherit;font-weight:600;border:2px solid transparent;border-radius:8px;padding:.75rem 1.25rem;background:${color};color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0f172a;border:2px solid #475569}.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}`;
  return {
    csp: `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    html: `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${style}</style></head><body><main>${body}</main></body></html>`,
  };
}

export { escapeHtml };
