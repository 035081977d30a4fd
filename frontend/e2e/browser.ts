import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';

import { pageNow, testNow } from './clock.ts';

// The tests read the clock through testNow (clock.ts), taken from here with the other helpers.
export { testNow };

/** Where the browser tests find the app started by run.mjs. */
export const APP_URL = process.env.APP_URL ?? 'http://localhost:3000';
/** The binary run.mjs chose (Debian's headless shell when installed, else Debian's Chromium). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the tests run on a shifted clock (libfaketime: FAKETIME set, as in a run days ahead).
 * Chromium does not run under the preloaded library (it spins); it keeps the real clock, and each of
 * its pages is given the tests' day instead (see launchBrowser).
 */
const SHIFTED_CLOCK = process.env.FAKETIME !== undefined;

/** How far the tests' clock is ahead of Chromium's own (0 unless on a shifted clock). */
let chromiumBehindMs = 0;

/**
 * The time by Chromium's own clock, which it keeps for what it does itself (a cookie's max-age): the
 * tests' clock, except on a shifted clock, where its pages have the tests' day but Chromium the real one.
 */
export function chromiumNow(): number {
  return testNow() - chromiumBehindMs;
}

/**
 * Debian's Chromium, headless, with nothing reaching out to the network on its own. V8's optimizing
 * compilers (Maglev, TurboFan) are off: a test page lives seconds, and compiling its hot functions
 * again took more CPU on the machine's two cores than it saved (the bytecode interpreter and the
 * baseline compiler still run every line); the app behaves the same.
 *
 * Its pages ask for reduced motion, as a person with the system's "Reduce motion" setting does: the
 * apps then end every transition at once (shared.css), so Chromium draws no frames of dialogs
 * sliding or ripples spreading (a fifth of the browser layer's CPU, docs/testing.md). The files about
 * motion itself (toasts over a closing dialog, the welcome tour's moving tooltip) pass
 * `{ motion: true }` and see the apps as most people do.
 */
export async function launchBrowser(options: { motion?: boolean } = {}): Promise<Browser> {
  const env = { ...process.env };
  if (SHIFTED_CLOCK) for (const name of ['LD_PRELOAD', 'FAKETIME', 'DONT_FAKE_MONOTONIC']) delete env[name];
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    env,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--js-flags=--no-opt --no-maglev',
    ],
  });
  const reducedMotion = options.motion ? 'no-preference' : 'reduce';
  if (SHIFTED_CLOCK) {
    // Every page starts on the tests' day and its time flows on from there (a test that sets a
    // page's clock itself still does).
    const probe = await browser.newContext();
    chromiumBehindMs = testNow() - (await (await probe.newPage()).evaluate(pageNow));
    await probe.close();
  }
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext({ reducedMotion, ...args[0] });
    if (SHIFTED_CLOCK) await context.clock.install({ time: testNow() });
    return context;
  };
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // As Browser.newPage's own page: closing it closes its context.
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/** Collects console errors and failed page loads so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Saves a screenshot under e2e/screenshots (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: new URL(`./screenshots/${name}.png`, import.meta.url).pathname, fullPage: true });
}

const DOCS_SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url).pathname;

/**
 * A screenshot the docs show. Always saved under e2e/screenshots; with DOCS_SCREENSHOTS=1
 * (`npm run screenshots`) also copied into docs/screenshots, so ordinary test runs leave the
 * committed pictures alone.
 */
export async function docsScreenshot(page: Page, name: string, options: { docsName?: string; viewportOnly?: boolean } = {}): Promise<void> {
  // The pointer off the page (no hover), then the last click's ripple and any transition settled, so
  // the picture shows the page at rest.
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const path = new URL(`./screenshots/${name}.png`, import.meta.url).pathname;
  await page.screenshot({ path, fullPage: !options.viewportOnly });
  if (process.env.DOCS_SCREENSHOTS !== '1') return;
  await mkdir(DOCS_SCREENSHOTS, { recursive: true });
  await copyFile(path, `${DOCS_SCREENSHOTS}${options.docsName ?? name}.png`);
}

/**
 * Signs in through the development identity provider. With an e-mail, as a new broker of that
 * address (each test file uses its own, so tests do not see each other's data); without one, as
 * the demo broker. The dashboard tour is marked done unless keepTour is set.
 */
export async function signIn(
  page: Page,
  options: { email?: string; admin?: boolean; keepTour?: boolean; keepProfileStep?: boolean; readyForCampaigns?: boolean } = {},
): Promise<void> {
  if (!options.keepTour) {
    await page.addInitScript(() => localStorage.setItem('tour_completed_broker_welcome', 'true'));
  }
  await page.goto(`${APP_URL}/api/login`);
  if (options.email) {
    await page.locator('input[type="email"][name="email"]').fill(options.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  } else {
    await page.getByRole('button', { name: options.admin ? /Sign in as demo admin/ : /Sign in as demo broker/ }).click();
  }
  await page.waitForURL(`${APP_URL}/`);
  // The profile step, when it shows, hides the page from the accessibility tree (a modal dialog).
  const dashboard = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  await dashboard.or(page.getByRole('dialog', { name: PROFILE_STEP })).waitFor();
  if (options.keepProfileStep) return;
  await completeProfileStep(page);
  await dashboard.waitFor();
  // The onboarding answers a campaign needs before it goes out (the dashboard's card asks them).
  if (options.readyForCampaigns) {
    await call(page, 'PUT', '/api/branding', { agencyAddress: '100 Main Street, Nashville, TN 37201', sellsPlans: false });
  }
}

const PROFILE_STEP = 'Welcome! What is your name?';

/**
 * The development provider gives a new address no name, so the app asks for one once (the profile
 * step): answered here with a plain test name, unless the test is about that step (keepProfileStep).
 */
async function completeProfileStep(page: Page): Promise<void> {
  const me = await page.evaluate(
    async () => (await (await fetch('/api/auth/user')).json()) as { firstName: string | null; lastName: string | null },
  );
  if (me.firstName && me.lastName) return;
  const dialog = page.getByRole('dialog', { name: PROFILE_STEP });
  await dialog.getByLabel('First name').fill(me.firstName ?? 'Test');
  await dialog.getByLabel('Last name').fill(me.lastName ?? 'Broker');
  await dialog.getByRole('button', { name: 'Save and continue' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * A person opens an agency's invitation link in `context`, signs in with the provider as `email`,
 * and gives their name in the profile step; answers their page, on the dashboard.
 */
export async function joinAgency(context: BrowserContext, link: string, email: string, name: [string, string]): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('tour_completed_broker_welcome', 'true'));
  await page.goto(link);
  await page.locator('input[type="email"][name="email"]').fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${APP_URL}/`);
  const step = page.getByRole('dialog', { name: PROFILE_STEP });
  await step.getByLabel('First name').fill(name[0]);
  await step.getByLabel('Last name').fill(name[1]);
  await step.getByRole('button', { name: 'Save and continue' }).click();
  await step.waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return page;
}

/** The sidebar's links as the person sees them. */
export const menuLinks = (page: Page) => page.getByTestId('sidebar').getByRole('link').allTextContents();

/** Same-origin JSON call from the page (the session cookie goes along); fails loudly. */
export async function call(page: Page, method: string, url: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url} failed: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
    { method, url, body },
  );
}

/** A unique e-mail for a test's own broker. */
export function uniqueEmail(label: string): string {
  return `${label}.${testNow()}.${Math.floor(Math.random() * 1e6)}@agency.test`;
}

/** What waitForAnswer's poll gets: where it keeps its state in the page, what it asks, `find`'s `arg`. */
interface PollInput {
  key: string;
  path: string;
  arg: unknown;
}

/**
 * Asks the server from the page (a same-origin GET, with its session) until `find` finds what it
 * looks for in the JSON answer of `path`, and answers that: for what the app does in the background
 * (a delivery, a saved choice). `find` runs in the page, so it uses nothing but its arguments (the
 * answer and `arg`) and answers something JSON can carry; nothing found is null, undefined or false.
 */
export async function waitForAnswer<Answer, Found, Arg = null>(
  page: Page,
  path: string,
  find: (answer: Answer, arg: Arg) => Found | null | undefined | false,
  arg: Arg | null = null,
  timeoutMs = 20_000,
): Promise<Found> {
  // waitForFunction does not wait for a promise (it is a truthy answer at once): each poll looks at
  // what the last request found and, when none is under way, sends the next one. The poll is put
  // together here, with `find` in it, and goes to the page as a function through the DevTools
  // protocol: the app's Content-Security-Policy (rightly) forbids the page to evaluate a string.
  const poll = new Function(
    'input',
    `const { key, path, arg } = input;
    const find = ${find.toString()};
    const state = (window[key] ??= { asking: false, found: null });
    if (state.found) {
      delete window[key];
      return state.found;
    }
    if (!state.asking) {
      state.asking = true;
      fetch(path)
        .then((response) => (response.ok ? response.json() : undefined))
        .then((answer) => {
          if (answer === undefined) return;
          const found = find(answer, arg);
          if (found !== null && found !== undefined && found !== false) state.found = { found };
        })
        .catch(() => undefined)
        .finally(() => {
          state.asking = false;
        });
    }
    return false;`,
  ) as (input: PollInput) => false | { found: Found };
  const input: PollInput = { key: `__carekeepAnswer${Math.random().toString(36).slice(2)}`, path, arg };
  const handle = await page.waitForFunction(poll, input, { polling: 100, timeout: timeoutMs });
  return ((await handle.jsonValue()) as { found: Found }).found;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Requests in flight per page, and when the last one started or ended (performance.now()). */
const traffic = new WeakMap<Page, { inFlight: Set<Request>; lastChange: number }>();

/** Starts counting the page's requests, for `networkSettled`: call it before the page loads. */
export function trackRequests(page: Page): void {
  if (traffic.has(page)) return;
  const state = { inFlight: new Set<Request>(), lastChange: performance.now() };
  traffic.set(page, state);
  const started = (request: Request) => {
    // The live stream (server-sent events) stays open as long as the page does: it is never "in flight".
    if (request.resourceType() === 'eventsource') return;
    state.inFlight.add(request);
    state.lastChange = performance.now();
  };
  const ended = (request: Request) => {
    state.inFlight.delete(request);
    state.lastChange = performance.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * Waits until no request of the page (tracked by `trackRequests`) has been in flight for `quietMs`:
 * lists and figures load after their heading, some one after another. Playwright's 'networkidle'
 * waits 500 ms after the last one every time; this waits only as long as the page is busy.
 */
export async function networkSettled(page: Page, { quietMs = 250, timeoutMs = 15_000 } = {}): Promise<void> {
  const state = traffic.get(page);
  if (!state) throw new Error('networkSettled needs trackRequests(page) first');
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const quietFor = performance.now() - state.lastChange;
    if (state.inFlight.size === 0 && quietFor >= quietMs) return;
    if (performance.now() > deadline) {
      throw new Error(`Requests still in flight after ${timeoutMs} ms: ${[...state.inFlight].map((r) => r.url()).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, state.inFlight.size === 0 ? quietMs - quietFor : 25));
  }
}

/**
 * Waits until no CSS transition or animation is running (a dialog fading in, a toast sliding in):
 * what is measured then is what the user ends up seeing, not a frame of the way there. The check
 * runs in the page, so it also waits for a page busy drawing (a long list on a loaded machine can
 * keep it for seconds).
 */
export async function animationsSettled(page: Page, timeoutMs = 15_000): Promise<void> {
  try {
    await page.waitForFunction(
      () => {
        type Running = { playState: string; effect: { getTiming(): { iterations?: number } } | null };
        const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
        // Spinners and skeletons loop for ever: only the ones that end are waited for.
        return doc
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY);
      },
      undefined,
      { timeout: timeoutMs },
    );
  } catch (error) {
    // Which ones still run, to tell a slow machine from an animation that starts over and over.
    const running = await page
      .evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => {
            const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
            const name =
              a instanceof CSSTransition ? `transition of ${a.transitionProperty}` : a instanceof CSSAnimation ? a.animationName : a.id;
            return `${name} on ${target ? `${target.tagName.toLowerCase()}.${[...target.classList].join('.')}` : '?'} (${String(a.effect?.getTiming().duration)} ms)`;
          }),
      )
      .catch(() => []);
    throw new Error(`animations still running (or the page busy) after ${timeoutMs} ms: ${running.join('; ') || 'none by now'}`, {
      cause: error,
    });
  }
}

/**
 * Waits until the page shows what it will go on showing: no transition or animation that ends still
 * running (a click's ripple, a dialog fading in, a menu closing), and the page unchanged for a few
 * frames (a chart drawn by script, a re-render after the last answer). For pictures, and for checks
 * of what is not there.
 */
export async function pageAtRest(page: Page, timeoutMs = 15_000): Promise<void> {
  await animationsSettled(page, timeoutMs);
  await page.evaluate(
    ({ frames, timeoutMs }) =>
      new Promise<void>((resolve, reject) => {
        const deadline = performance.now() + timeoutMs;
        let quiet = 0;
        const observer = new MutationObserver(() => {
          quiet = 0;
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const finish = (error?: Error) => {
          observer.disconnect();
          if (error) reject(error);
          else resolve();
        };
        const frame = () => {
          const moving = document
            .getAnimations()
            .some(
              (animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
            );
          quiet = moving ? 0 : quiet + 1;
          if (quiet >= frames) finish();
          else if (performance.now() > deadline) finish(new Error(`the page did not come to rest within ${timeoutMs} ms`));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { frames: 5, timeoutMs },
  );
}

/**
 * Picks an option of an MUI select by the select's label. The page is let come to rest first: the
 * select closes its menu again when the opening press is released outside the box it was pressed
 * on, which a dialog still settling (or a re-render moving the box) causes.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await pageAtRest(page);
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** axe-core's script, read once per test process. */
let axeSource: string | undefined;

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is now and answers the serious and
 * critical violations, each as "rule: help (where)". Tests assert this is empty.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // Contrast measured mid fade-in is not the contrast anyone reads.
  await animationsSettled(page);
  axeSource ??= await readFile(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy rightly forbids an
  // inline <script>, and the page under test is the page as users get it.
  // Once per document: a page reached inside the app keeps the axe of the page before it.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  // Runs in the page; the e2e code has no DOM types, so the page's globals are reached untyped.
  const violations = await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      document: unknown;
    };
    const result = await scope.axe.run(scope.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Every rule still runs on every element; only the violations are reported in full.
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`).join(', ')})`,
    );
}

/**
 * The newest message of this purpose the development outbox holds for this phone or address (after
 * the one with id `after`, when given), as the agency sees it there (a code or link hidden), and in
 * full as the client got it: from the file where the development server keeps such messages
 * (DATA_DIR/dev-outbox-secrets.jsonl), which only whoever runs the server can read.
 */
export async function sentInFull(
  broker: Page,
  wanted: { purpose: string; recipient: string; channel: 'sms' | 'email'; after?: string },
): Promise<{ id: string; shown: string; body: string }> {
  type Message = { id: string; recipient: string; purpose: string; body: string };
  const found = await waitForAnswer(
    broker,
    `/api/dev/outbox?filter=${encodeURIComponent(JSON.stringify({ channel: wanted.channel }))}`,
    (outbox: Message[], arg: { purpose: string; recipient: string; after: string }) => {
      const message = outbox.find((m) => m.purpose === arg.purpose && m.recipient === arg.recipient);
      return message && message.id !== arg.after ? message : undefined;
    },
    { purpose: wanted.purpose, recipient: wanted.recipient, after: wanted.after ?? '' },
    10_000,
  ).catch((error: unknown) => {
    throw new Error(`no ${wanted.purpose} message for ${wanted.recipient} in the outbox`, { cause: error });
  });
  const file = join(process.env.APP_DATA_DIR ?? '', 'dev-outbox-secrets.jsonl');
  // Written as the message is stored: there by the time the outbox shows it, or a moment after.
  const deadline = performance.now() + 5_000;
  for (;;) {
    const lines = (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const entry = lines.map((line) => JSON.parse(line) as { id: string; body: string }).find((e) => e.id === found.id);
    if (entry) return { id: found.id, shown: found.body, body: entry.body };
    if (performance.now() > deadline) throw new Error(`the message ${found.id} is not in ${file}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
