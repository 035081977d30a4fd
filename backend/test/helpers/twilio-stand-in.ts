import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import request from 'supertest';
import type { App } from 'supertest/types.js';
import twilio from 'twilio';

import { realNow } from './clock.js';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
  /** The query string's parameters (list requests). */
  query: URLSearchParams;
  /** When it arrived (epoch milliseconds). */
  at: number;
}

/** What Twilio answers about a registration step when asked: still under review, approved, or failed with its reason. */
export type ReviewOutcome = { state: 'pending' } | { state: 'approve' } | { state: 'fail'; reason: string; code?: number };

/**
 * A local HTTP server standing in for Twilio's REST API: it records what the real SDK sends and
 * answers like Twilio does (201 with a SID) for calls and messages, and for the A2P 10DLC (ISV)
 * registration: Trust Hub customer profiles and trust products (with their end users, supporting
 * documents, entity assignments and evaluations), addresses, brand registrations, messaging
 * services and their phone numbers and us-app-to-person campaigns, available and incoming phone
 * numbers. What a review answers is set in `a2p` (pending until a test approves or fails it).
 */
export class TwilioStandIn {
  readonly requests: RecordedRequest[] = [];
  private server?: Server;
  private counter = 0;
  /** When set, the next requests answer this status with a Twilio-style error body. */
  failWith?: { status: number; code: number; message: string };
  /** How each registration step's review ends when Twilio is asked about it. */
  a2p: { profile: ReviewOutcome; brand: ReviewOutcome; campaign: ReviewOutcome } = {
    profile: { state: 'pending' },
    brand: { state: 'pending' },
    campaign: { state: 'pending' },
  };
  /** Area codes with no local number free (the search falls back to any). */
  soldOutAreaCodes = new Set<number>();

  /** Every request to a path matching `pattern` with this method. */
  find(method: string, pattern: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && pattern.test(r.path));
  }

  private sid(prefix: string): string {
    this.counter += 1;
    return `${prefix}${String(this.counter).padStart(32, '0')}`;
  }

  async start(): Promise<string> {
    // Node ignores what a request handler returns: the stand-in answers from its own async work.
    this.server = createServer((req, res) => {
      void (async () => {
        const body = await read(req);
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const form = new URLSearchParams(body);
        const method = req.method ?? '';
        this.requests.push({
          method,
          path: url.pathname,
          authorization: req.headers.authorization,
          form,
          query: url.searchParams,
          at: realNow().getTime(),
        });
        res.setHeader('Content-Type', 'application/json');
        if (this.failWith) {
          res.statusCode = this.failWith.status;
          res.end(JSON.stringify({ code: this.failWith.code, message: this.failWith.message, status: this.failWith.status }));
          return;
        }
        if (this.a2pAnswer(method, url, form, res)) return;
        const isCall = url.pathname.endsWith('/Calls.json');
        const sid = this.sid(isCall ? 'CA' : 'SM');
        res.statusCode = 201;
        res.end(JSON.stringify({ sid, status: 'queued', to: form.get('To') }));
      })();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The registration's endpoints; false for any other path. */
  private a2pAnswer(method: string, url: URL, form: URLSearchParams, res: ServerResponse): boolean {
    const path = url.pathname;
    const send = (status: number, payload: unknown) => {
      res.statusCode = status;
      res.end(status === 204 ? '' : JSON.stringify(payload));
      return true;
    };
    const bundle = (sid: string, status: string) => ({
      sid,
      status,
      friendly_name: form.get('FriendlyName'),
      policy_sid: form.get('PolicySid'),
    });
    let m: RegExpMatchArray | null;
    // Trust Hub bundles: customer profiles and trust products.
    if (/^\/v1\/(CustomerProfiles|TrustProducts)$/.test(path) && method === 'POST') return send(201, bundle(this.sid('BU'), 'draft'));
    if ((m = path.match(/^\/v1\/(CustomerProfiles|TrustProducts)\/(BU\w+)\/EntityAssignments$/)) && method === 'POST') {
      return send(201, { sid: this.sid('BV'), bundle_sid: m[2], object_sid: form.get('ObjectSid') });
    }
    if (/^\/v1\/(CustomerProfiles|TrustProducts)\/(BU\w+)\/Evaluations$/.test(path) && method === 'POST') {
      return send(201, { sid: this.sid('EL'), status: 'compliant', results: [] });
    }
    if ((m = path.match(/^\/v1\/(CustomerProfiles|TrustProducts)\/(BU\w+)$/))) {
      const outcome = this.a2p.profile;
      const status =
        method === 'POST'
          ? (form.get('Status') ?? 'draft')
          : outcome.state === 'approve'
            ? 'twilio-approved'
            : outcome.state === 'fail'
              ? 'twilio-rejected'
              : 'in-review';
      return send(200, { sid: m[2], status });
    }
    if (path === '/v1/EndUsers' && method === 'POST')
      return send(201, { sid: this.sid('IT'), type: form.get('Type'), attributes: JSON.parse(form.get('Attributes') ?? '{}') as unknown });
    if (path === '/v1/SupportingDocuments' && method === 'POST') return send(201, { sid: this.sid('RD'), type: form.get('Type') });
    if (/^\/2010-04-01\/Accounts\/AC\w+\/Addresses\.json$/.test(path) && method === 'POST') {
      return send(201, { sid: this.sid('AD'), customer_name: form.get('CustomerName'), iso_country: form.get('IsoCountry') });
    }
    // Brands.
    if (path === '/v1/a2p/BrandRegistrations' && method === 'POST') {
      return send(201, { sid: this.sid('BN'), status: 'PENDING', brand_type: form.get('BrandType'), errors: [] });
    }
    if ((m = path.match(/^\/v1\/a2p\/BrandRegistrations\/(BN\w+)$/)) && method === 'GET') {
      const outcome = this.a2p.brand;
      if (outcome.state === 'approve') return send(200, { sid: m[1], status: 'APPROVED', errors: [] });
      if (outcome.state === 'fail') {
        return send(200, {
          sid: m[1],
          status: 'FAILED',
          failure_reason: outcome.reason,
          errors: [{ code: outcome.code ?? null, description: outcome.reason }],
        });
      }
      return send(200, { sid: m[1], status: 'PENDING', errors: [] });
    }
    // Messaging services, their numbers and campaigns.
    if (path === '/v1/Services' && method === 'POST') {
      return send(201, {
        sid: this.sid('MG'),
        friendly_name: form.get('FriendlyName'),
        inbound_request_url: form.get('InboundRequestUrl'),
      });
    }
    if ((m = path.match(/^\/v1\/Services\/(MG\w+)\/PhoneNumbers$/)) && method === 'POST') {
      return send(201, { sid: form.get('PhoneNumberSid'), service_sid: m[1] });
    }
    if ((m = path.match(/^\/v1\/Services\/(MG\w+)\/Compliance\/Usa2p$/)) && method === 'POST') {
      return send(201, {
        sid: this.sid('QE'),
        messaging_service_sid: m[1],
        campaign_status: 'IN_PROGRESS',
        us_app_to_person_usecase: form.get('UsAppToPersonUsecase'),
      });
    }
    if ((m = path.match(/^\/v1\/Services\/(MG\w+)\/Compliance\/Usa2p\/(QE\w+)$/))) {
      if (method === 'DELETE') return send(204, null);
      const outcome = this.a2p.campaign;
      if (outcome.state === 'approve') return send(200, { sid: m[2], campaign_status: 'VERIFIED', errors: [] });
      if (outcome.state === 'fail') {
        return send(200, {
          sid: m[2],
          campaign_status: 'FAILED',
          errors: [{ error_code: outcome.code ?? null, description: outcome.reason }],
        });
      }
      return send(200, { sid: m[2], campaign_status: 'IN_PROGRESS', errors: [] });
    }
    // Phone numbers.
    if (/^\/2010-04-01\/Accounts\/AC\w+\/AvailablePhoneNumbers\/US\/Local\.json$/.test(path) && method === 'GET') {
      const asked = Number(url.searchParams.get('AreaCode') ?? '');
      const areaCode = asked && !this.soldOutAreaCodes.has(asked) ? asked : asked ? 0 : 415;
      const numbers = areaCode
        ? [{ phone_number: `+1${areaCode}5550142`, iso_country: 'US', capabilities: { SMS: true, voice: true, MMS: true } }]
        : [];
      return send(200, { available_phone_numbers: numbers, uri: path, first_page_uri: path, next_page_uri: null, page: 0, page_size: 1 });
    }
    if (/^\/2010-04-01\/Accounts\/AC\w+\/IncomingPhoneNumbers\.json$/.test(path) && method === 'POST') {
      return send(201, { sid: this.sid('PN'), phone_number: form.get('PhoneNumber') });
    }
    return false;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}

/** A form posted to one of the app's Twilio webhooks, signed with the account's auth token as Twilio signs it. */
export function signedWebhook(app: { http: App; appUrl: string }, authToken: string, path: string, form: Record<string, string>) {
  return request(app.http)
    .post(path)
    .type('form')
    .set('X-Twilio-Signature', twilio.getExpectedTwilioSignature(authToken, `${app.appUrl}${path}`, form))
    .send(form);
}

/**
 * The environment of an app whose texts go to Twilio at `baseUrl` from `from` and are sent only when
 * a test asks (the dispatcher's lanes held), with no A2P 10DLC hold: the inbox's tests.
 */
export function inboxTwilioEnv(baseUrl: string, accountSid: string, authToken: string, from: string): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_FROM_NUMBER: from,
    TWILIO_API_BASE_URL: baseUrl,
    DISPATCH_SMS_PER_SECOND: '0',
    DISPATCH_VOICE_PER_SECOND: '0',
    A2P_HOLD_UNREGISTERED_TEXTS: 'false',
  };
}
