import { randomBytes } from 'node:crypto';

import { DEMO_ACCOUNTS } from './dev-accounts.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A page of the development provider, with its own strict CSP (inline style allowed by nonce only). */
export interface DevPage {
  html: string;
  csp: string;
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f1f5f9; color: #0f172a; margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; }
  main { background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); padding: 2rem; width: min(26rem, calc(100vw - 2rem)); }
  h1 { font-size: 1.35rem; margin: 0 0 0.25rem; }
  p { color: #475569; margin: 0 0 1.25rem; font-size: 0.95rem; }
  label { display: block; font-weight: 600; margin-bottom: 0.35rem; }
  input[type=email] { width: 100%; box-sizing: border-box; font-size: 1rem; padding: 0.6rem 0.7rem; border: 1px solid #cbd5e1; border-radius: 8px; }
  button { width: 100%; font-family: inherit; font-size: 1rem; font-weight: 600; padding: 0.65rem; border-radius: 8px; border: 0; background: #2563eb; color: #fff; cursor: pointer; margin-top: 0.75rem; }
  button.secondary { background: #e2e8f0; color: #0f172a; }
  .error { color: #b91c1c; font-weight: 600; }
  hr { border: 0; border-top: 1px solid #e2e8f0; margin: 1.5rem 0 1rem; }
  .tag { display: inline-block; font-size: 0.75rem; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; color: #b45309; background: #fef3c7; border-radius: 999px; padding: 0.15rem 0.6rem; margin-bottom: 0.75rem; }
`;

function page(title: string, body: string, script?: string): DevPage {
  const nonce = randomBytes(16).toString('base64');
  return {
    csp: `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main>${
      script ? `<script nonce="${nonce}">${script}</script>` : ''
    }</body></html>`,
  };
}

export function signInPage(action: string, error?: string): DevPage {
  const demos = DEMO_ACCOUNTS.map(
    (account) => `<form method="post" action="${escapeHtml(action)}">
      <input type="hidden" name="email" value="${escapeHtml(account.email)}">
      <button type="submit" class="secondary">Sign in as ${escapeHtml(account.label.toLowerCase())} (${escapeHtml(account.email)})</button>
    </form>`,
  ).join('');
  return page(
    'Sign in (development)',
    `<span class="tag">Development sign-in</span>
    <h1>Sign in to CareKeep</h1>
    <p>This local provider stands in for your identity provider. Any e-mail signs in; a new e-mail becomes a new broker.</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="${escapeHtml(action)}">
      <label for="email">E-mail</label>
      <input id="email" name="email" type="email" autocomplete="email" required autofocus>
      <button type="submit">Sign in</button>
    </form>
    <hr>
    ${demos}`,
  );
}

/**
 * The provider's sign-out confirmation, answered "yes" at once: the person already chose Sign Out
 * in the app. Without scripts, one button press does the same.
 */
export function signOutPage(form: string): DevPage {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    'Signing out (development)',
    `<span class="tag">Development sign-in</span>
    <h1>Signing you out…</h1>
    ${confirmed}
    <noscript><button type="submit" form="op.logoutForm">Finish signing out</button></noscript>`,
    "document.getElementById('op.logoutForm').submit();",
  );
}

export function errorPage(message: string): DevPage {
  return page(
    'Sign-in problem (development)',
    `<h1>Sign-in problem</h1><p class="error">${escapeHtml(message)}</p><p><a href="/">Back to CareKeep</a></p>`,
  );
}
