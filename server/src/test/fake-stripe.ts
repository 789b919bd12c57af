// A fake Stripe API on loopback, for the tests, the e2e run and the benchmark: only what the site
// calls (POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, POST /v1/refunds), answering
// as Stripe's API reference shows (objects, errors `{error: {type, code, message}}`, the
// Idempotency-Key replayed with the same parameters and refused with others), plus a checkout
// page of its own (/pay/{session}) whose Pay button completes the session, sends the
// checkout.session.completed event signed with the webhook secret
// (stripe.webhooks.generateTestHeaderString) and goes back to the success URL, as Checkout does.
// The real `stripe` SDK talks to it through its host, port and protocol options
// (server/src/payments/stripe-client.ts).
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;
type Form = { [key: string]: string | Form | Form[] | string[] };

// Stripe's form encoding (`a[b][0][c]=v`) back into objects; numeric keys make arrays.
export function parseStripeForm(body: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export type FakeStripe = {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, Json>;
  refunds: Map<string, Json>;
  // Every API request received: method, path, idempotency key.
  requests: { method: string; path: string; idempotencyKey?: string }[];
  // Where the checkout page sends its events (the site's webhook), settable after start.
  webhookUrls: string[];
  // Answer the next refunds with this status (Stripe answers most card refunds `succeeded`).
  refundStatus: 'succeeded' | 'pending';
  // Pays a session as its page's Pay button does (no event sent): the session as completed.
  pay(sessionId: string): Json;
  // An event of `type` about `object`, as Stripe sends it: the JSON body and its Stripe-Signature.
  event(
    type: string,
    object: Json,
    options?: { id?: string; timestamp?: number },
  ): { id: string; payload: string; header: string };
  // A checkout.session.completed event for a session already paid (no session kept): what the
  // race test and the benchmark send, as if Checkout had made it for `bookingId`.
  paidSessionEvent(
    bookingId: string,
    amountCents: number,
    n: number,
  ): { id: string; payload: string; header: string };
  // Sends an event to every webhook URL; resolves with their statuses.
  deliver(event: { payload: string; header: string }): Promise<number[]>;
  close(): Promise<void>;
};

const stripeError = (res: ServerResponse, status: number, type: string, message: string, code?: string) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string; port?: number; webhookUrls?: string[] } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fakefakefakefake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fakefakefakefake';
  const signer = new Stripe(secretKey);
  const sessions = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const idempotent = new Map<string, { params: string; status: number; body: string }>();
  const requests: FakeStripe['requests'] = [];

  const send = (res: ServerResponse, status: number, object: unknown, replayed = false) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(JSON.stringify(object));
  };

  const createSession = (form: Form, base: string): [number, Json] => {
    const item = (form.line_items as Form[] | undefined)?.[0];
    const price = item?.price_data as Form | undefined;
    const amount = Number(price?.unit_amount);
    const quantity = Number(item?.quantity ?? 1);
    if (form.mode !== 'payment')
      return [
        400,
        { error: { type: 'invalid_request_error', message: 'Missing required param: mode.', param: 'mode' } },
      ];
    if (!Number.isInteger(amount) || amount < 1) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            message: 'Invalid integer: line_items[0][price_data][unit_amount]',
            param: 'line_items[0][price_data][unit_amount]',
          },
        },
      ];
    }
    if (typeof form.success_url !== 'string') {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            message: 'Missing required param: success_url.',
            param: 'success_url',
          },
        },
      ];
    }
    const sessionId = id('cs');
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount * quantity,
      amount_total: amount * quantity,
      cancel_url: form.cancel_url ?? null,
      client_reference_id: form.client_reference_id ?? null,
      created: now(),
      currency: String(price!.currency).toLowerCase(),
      customer: null,
      customer_details: form.customer_email ? { email: form.customer_email } : null,
      customer_email: form.customer_email ?? null,
      expires_at: now() + 24 * 3600,
      livemode: false,
      metadata: form.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url,
      url: `${base}/pay/${sessionId}`,
      // Kept for the page and the PaymentIntent; Stripe keeps them too (line_items is expandable).
      _product: (price!.product_data as Form | undefined)?.name ?? '',
      _intent_metadata: (form.payment_intent_data as Form | undefined)?.metadata ?? {},
    };
    sessions.set(sessionId, session);
    return [200, session];
  };

  const publicSession = (s: Json) => {
    const { _product: _p, _intent_metadata: _m, ...rest } = s;
    return rest;
  };

  // What a PaymentIntent has paid less what was refunded.
  const refundable = (intent: string) => {
    let paid = 0;
    for (const s of sessions.values()) if (s.payment_intent === intent) paid += s.amount_total as number;
    for (const r of refunds.values())
      if (r.payment_intent === intent && r.status !== 'failed') paid -= r.amount as number;
    return paid;
  };

  const createRefund = (form: Form): [number, Json] => {
    const intent = form.payment_intent as string | undefined;
    if (!intent || ![...sessions.values()].some((s) => s.payment_intent === intent)) {
      return [
        404,
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${intent}'`,
            param: 'payment_intent',
          },
        },
      ];
    }
    const left = refundable(intent);
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (left <= 0)
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Charge has already been refunded.',
          },
        },
      ];
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
            param: 'amount',
          },
        },
      ];
    }
    const session = [...sessions.values()].find((s) => s.payment_intent === intent)!;
    const refund: Json = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: `ch_${String(intent).slice(3)}`,
      created: now(),
      currency: session.currency,
      metadata: form.metadata ?? {},
      payment_intent: intent,
      reason: form.reason ?? null,
      status: fake.refundStatus,
    };
    refunds.set(refund.id as string, refund);
    return [200, refund];
  };

  const api = async (req: IncomingMessage, res: ServerResponse, path: string, base: string) => {
    const key = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method!, path, idempotencyKey: key });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(
        res,
        401,
        'invalid_request_error',
        'Invalid API Key provided: sk_test_****',
        'api_key_invalid',
      );
    }
    const body = await readBody(req);
    if (req.method === 'POST' && key) {
      const params = createHash('sha256').update(`${path}\n${body}`).digest('hex');
      const seen = idempotent.get(key);
      if (seen && seen.params !== params) {
        return stripeError(
          res,
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (seen) {
        res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return res.end(seen.body);
      }
      const [status, object] = route(req.method, path, parseStripeForm(body), base);
      const text = JSON.stringify(
        status === 200 && (object as Json).object === 'checkout.session'
          ? publicSession(object as Json)
          : object,
      );
      idempotent.set(key, { params, status, body: text });
      res.writeHead(status, { 'content-type': 'application/json' });
      return res.end(text);
    }
    const [status, object] = route(req.method!, path, parseStripeForm(body), base);
    send(
      res,
      status,
      status === 200 && (object as Json).object === 'checkout.session'
        ? publicSession(object as Json)
        : object,
    );
  };

  const route = (method: string, path: string, form: Form, base: string): [number, Json] => {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form, base);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    const session = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (method === 'GET' && session) {
      const s = sessions.get(session[1]!);
      return s
        ? [200, s]
        : [
            404,
            {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such checkout.session: '${session[1]}'`,
              },
            },
          ];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    ];
  };

  const pay = (sessionId: string) => {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    if (s.status === 'open') {
      s.status = 'complete';
      s.payment_status = 'paid';
      s.payment_intent = id('pi');
    }
    return publicSession(s);
  };

  const event: FakeStripe['event'] = (type, object, eventOptions = {}) => {
    const eventId = eventOptions.id ?? id('evt');
    const payload = JSON.stringify(
      {
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: eventOptions.timestamp ?? now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      ...(eventOptions.timestamp ? { timestamp: eventOptions.timestamp } : {}),
    });
    return { id: eventId, payload, header };
  };

  const deliver: FakeStripe['deliver'] = (e) =>
    Promise.all(
      fake.webhookUrls.map(async (url) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.header },
          body: e.payload,
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );

  const page = (res: ServerResponse, s: Json) => {
    const amount = ((s.amount_total as number) / 100).toFixed(2);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Fake Stripe Checkout</title></head><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1>Fake Stripe Checkout</h1><p>${escapeHtml(String(s._product))}</p>
<p><strong>${escapeHtml(String(s.currency).toUpperCase())} ${amount}</strong></p>
<p>Test card 4242 4242 4242 4242 (nothing is charged: this page stands in for Stripe in tests).</p>
<form method="post" action="/pay/${s.id}"><button type="submit">Pay ${escapeHtml(String(s.currency).toUpperCase())} ${amount}</button></form>
<p><a href="${escapeHtml(String(s.cancel_url))}">Cancel and go back</a></p></body></html>`);
  };

  const server = createServer((req, res) => {
    const base = `http://${req.headers.host}`;
    const path = new URL(req.url ?? '/', base).pathname;
    const checkout = /^\/pay\/(cs_test_\w+)$/.exec(path);
    (async () => {
      if (checkout) {
        const s = sessions.get(checkout[1]!);
        if (!s) return stripeError(res, 404, 'invalid_request_error', 'No such session');
        if (req.method === 'GET') return page(res, s);
        await readBody(req);
        const completed = pay(s.id as string);
        await deliver(event('checkout.session.completed', completed));
        const back = String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id as string);
        res.writeHead(303, { location: back });
        return res.end();
      }
      if (path.startsWith('/v1/')) return api(req, res, path, base);
      // The browser asks the checkout page's origin for an icon.
      if (path === '/favicon.ico') {
        res.writeHead(204);
        return res.end();
      }
      stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`);
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    port,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    requests,
    webhookUrls: options.webhookUrls ?? [],
    refundStatus: 'succeeded',
    pay,
    event,
    paidSessionEvent: (bookingId, amountCents, n) =>
      event('checkout.session.completed', {
        id: `cs_test_paid${n}_${bookingId.slice(0, 8)}`,
        object: 'checkout.session',
        amount_total: amountCents,
        currency: 'usd',
        client_reference_id: bookingId,
        metadata: { booking_id: bookingId, purpose: 'deposit' },
        mode: 'payment',
        payment_intent: `pi_test_paid${n}_${bookingId.slice(0, 8)}`,
        payment_status: 'paid',
        status: 'complete',
      }),
    deliver,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

// The webhook answers once an event is stored; its money is recorded moments later by the
// process's recorder (server/src/payments/stripe-webhook.ts). Tests read what an event recorded
// after this: no stored event still waiting (any process's), or it fails naming how many wait.
export async function stripeEventsRecorded(
  db: { query<T>(sql: string): Promise<{ rows: T[] }> },
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stripe_events WHERE outcome = 'received'`,
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} stored Stripe events were not recorded`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
