import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; quantity: number; price: { id: string; object: 'price' } }[] };
}

/**
 * A local HTTP server standing in for Stripe's API, for the real `stripe` SDK: customers, checkout
 * sessions, subscriptions (retrieve and update), portal sessions. It keeps subscriptions in memory
 * so a test can set the state a webhook's re-fetch will see.
 */
export class StripeStandIn {
  readonly subscriptions = new Map<string, StandInSubscription>();
  readonly requests: { method: string; path: string; body: URLSearchParams }[] = [];
  private server?: Server;
  private counter = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
        const body = new URLSearchParams(raw);
        this.requests.push({ method: req.method ?? '', path, body });
        res.setHeader('Content-Type', 'application/json');
        const reply = (status: number, json: unknown) => {
          res.statusCode = status;
          res.end(JSON.stringify(json));
        };
        this.counter += 1;
        if (req.method === 'POST' && path === '/v1/customers') return reply(200, { id: `cus_${this.counter}`, object: 'customer' });
        if (req.method === 'POST' && path === '/v1/checkout/sessions') {
          return reply(200, {
            id: `cs_test_${this.counter}`,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/pay/cs_test_${this.counter}`,
          });
        }
        if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
          return reply(200, {
            id: `bps_${this.counter}`,
            object: 'billing_portal.session',
            url: `https://billing.stripe.test/session/${this.counter}`,
          });
        }
        const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
        if (subscription) {
          const found = this.subscriptions.get(subscription[1]);
          if (!found) return reply(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
          if (req.method === 'POST')
            found.metadata = {
              ...found.metadata,
              ...Object.fromEntries([...body].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])),
            };
          return reply(200, found);
        }
        const item = /^\/v1\/subscription_items\/([^/]+)$/.exec(path);
        if (item) return reply(200, { id: item[1], object: 'subscription_item' });
        reply(404, { error: { type: 'invalid_request_error', message: `No stand-in for ${req.method} ${path}` } });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  subscription(id: string, fields: Partial<StandInSubscription> & { prices: string[] }): StandInSubscription {
    const sub: StandInSubscription = {
      id,
      object: 'subscription',
      status: fields.status ?? 'active',
      customer: fields.customer ?? 'cus_unknown',
      metadata: fields.metadata ?? {},
      items: {
        object: 'list',
        data: fields.prices.map((price, i) => ({
          id: `si_${id}_${i}`,
          object: 'subscription_item',
          quantity: 1,
          price: { id: price, object: 'price' },
        })),
      },
    };
    this.subscriptions.set(id, sub);
    return sub;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
