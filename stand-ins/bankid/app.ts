/**
 * The BankID stand-in: BankID's relying-party API v6.0 (`POST /rp/v6.0/auth|sign|collect|cancel`,
 * the same JSON and error answers) and a small "BankID app" page (`GET /app`) where a tester opens an
 * order (the autostart link, or a scanned QR code's content), picks a test person and approves or
 * cancels. No real BankID, no real signature: see README.md.
 */
import { type Context, Hono, type Next } from 'hono';
import { html } from 'hono/html';
import { type Order, OrderBook } from './orders.ts';
import { FRESH_ADULT, freshAdult, type TestPerson, testPersons } from './persons.ts';

/** A fault the API answers every call with, to try Kollab's handling of a BankID that misbehaves. */
export type BankIdFault = 'maintenance' | 'internalError' | 'requestTimeout' | 'slow';

export interface BankIdStandInOptions {
  /** An order nobody finishes fails with `expiredTransaction` after this long (BankID: a few minutes). */
  expiresAfterMs?: number;
  /** How long a `slow` answer takes. */
  slowMs?: number;
  now?: () => number;
}

export interface BankIdStandInApp {
  app: Hono;
  book: OrderBook;
  persons: () => TestPerson[];
  /** Set to make every API call fail this way; undefined answers normally. */
  fault: BankIdFault | undefined;
}

const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const FAULT_ANSWERS = {
  maintenance: [503, 'maintenance'],
  internalError: [500, 'internalError'],
  requestTimeout: [408, 'requestTimeout'],
} as const;

export function createBankIdStandIn(options: BankIdStandInOptions = {}): BankIdStandInApp {
  const now = options.now ?? Date.now;
  const book = new OrderBook(options.expiresAfterMs ?? 180_000);
  const persons = () => testPersons(new Date(now()));
  const state: BankIdStandInApp = { app: new Hono(), book, persons, fault: undefined };
  const api = new Hono();
  const invalid = (details: string) => ({ errorCode: 'invalidParameters', details });

  api.use(async (c, next) => {
    if (state.fault === 'slow') await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 5_000));
    else if (state.fault) {
      const [status, errorCode] = FAULT_ANSWERS[state.fault];
      return c.json({ errorCode, details: 'stand-in fault' }, status);
    }
    if (!c.req.header('content-type')?.startsWith('application/json')) {
      return c.json({ errorCode: 'unsupportedMediaType', details: 'Content-Type must be application/json' }, 415);
    }
    await next();
  });
  for (const kind of ['auth', 'sign'] as const) {
    api.post(`/${kind}`, async (c) => {
      const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body || typeof body.endUserIp !== 'string' || body.endUserIp === '')
        return c.json(invalid('endUserIp'), 400);
      if (kind === 'sign' && typeof body.userVisibleData !== 'string') return c.json(invalid('userVisibleData'), 400);
      const order = book.create(kind, body, now());
      if (order === 'alreadyInProgress') {
        return c.json({ errorCode: 'alreadyInProgress', details: 'Order already in progress for pno' }, 400);
      }
      const { orderRef, autoStartToken, qrStartToken, qrStartSecret } = order;
      return c.json({ orderRef, autoStartToken, qrStartToken, qrStartSecret });
    });
  }
  api.post('/collect', async (c) => {
    const { orderRef } = ((await c.req.json().catch(() => ({}))) ?? {}) as { orderRef?: string };
    const order = orderRef ? book.orders.get(orderRef) : undefined;
    if (!order) return c.json(invalid('No such order'), 400);
    book.refresh(order, now());
    if (order.status === 'complete')
      return c.json({ orderRef, status: 'complete', completionData: order.completionData });
    return c.json({ orderRef, status: order.status, hintCode: order.hintCode });
  });
  api.post('/cancel', async (c) => {
    const { orderRef } = ((await c.req.json().catch(() => ({}))) ?? {}) as { orderRef?: string };
    const order = orderRef ? book.orders.get(orderRef) : undefined;
    if (!order) return c.json(invalid('No such order'), 400);
    book.orders.delete(order.orderRef);
    return c.json({});
  });
  state.app.route('/rp/v6.0', api);

  // The "BankID app": open an order, pick a person, approve or cancel. No script; a strict policy.
  const policy = async (c: Context, next: Next) => {
    await next();
    c.header('Content-Security-Policy', PAGE_POLICY);
  };
  state.app.use('/app', policy);
  state.app.use('/app/*', policy);
  state.app.get('/app', (c) => {
    const token = c.req.query('autostarttoken');
    const qr = c.req.query('qr');
    const order = token ? book.byAutoStartToken(token) : qr ? book.byQrContent(qr.trim(), now()) : undefined;
    if (!order)
      return c.html(page('BankID (stand-in)', scanForm(token || qr ? 'Ingen sådan order / No such order' : '')));
    if (book.refresh(order, now()).status === 'pending') order.hintCode = 'userSign';
    return c.html(page('BankID (stand-in)', orderForm(order, persons())));
  });
  state.app.post('/app/:orderRef/:action{approve|cancel}', async (c) => {
    const order = book.orders.get(c.req.param('orderRef'));
    if (!order) return c.html(page('BankID (stand-in)', scanForm('Ingen sådan order / No such order')), 404);
    const form = await c.req.parseBody();
    const person =
      form.person === FRESH_ADULT.id
        ? freshAdult(new Date(now()))
        : persons().find((candidate) => candidate.id === form.person);
    if (c.req.param('action') === 'cancel') book.fail(order, 'userCancel');
    else if (person) book.approve(order, person, now());
    else return c.html(page('BankID (stand-in)', orderForm(order, persons(), 'Välj en person / Pick a person')), 422);
    const done = order.status === 'complete' ? 'Klart / Done' : `Misslyckades / Failed: ${order.hintCode}`;
    return c.html(
      page('BankID (stand-in)', html`<p role="status">${done}</p><p>Gå tillbaka till Kollab / Go back to Kollab.</p>`),
    );
  });
  return state;
}

const page = (title: string, body: unknown) => html`<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:1rem auto;padding:0 1rem">
<h1>${title}</h1>${body}</body></html>`;

const scanForm = (error: string) => html`${error ? html`<p role="alert">${error}</p>` : ''}
<form method="get" action="/app"><label>QR-kodens innehåll / QR code content
<input name="qr" required></label> <button>Läs av / Scan</button></form>`;

function orderForm(order: Order, persons: TestPerson[], error = '') {
  const what = order.kind === 'sign' ? 'Skriv under / Sign' : 'Identifiera / Identify';
  return html`${error ? html`<p role="alert">${error}</p>` : ''}
<h2>${what}</h2>
${order.userVisibleData ? html`<pre style="white-space:pre-wrap">${order.userVisibleData}</pre>` : ''}
${order.status !== 'pending' ? html`<p role="status">${order.status}: ${order.hintCode}</p>` : ''}
<form method="post" action="/app/${order.orderRef}/approve"><fieldset><legend>Testperson / Test person</legend>
${[
  ...persons,
  { ...FRESH_ADULT, personalNumber: 'nytt personnummer varje gång / a new personal number each time' },
].map(
  (person) => html`<label style="display:block"><input type="radio" name="person" value="${person.id}">
${person.label.sv} / ${person.label.en} — ${person.givenName} ${person.surname}, ${person.personalNumber}</label>`,
)}</fieldset>
<button>Godkänn / Approve</button>
<button formaction="/app/${order.orderRef}/cancel">Avbryt / Cancel</button></form>`;
}
