import type { Hono } from 'hono';

interface WaitingIntent {
  id: string;
  amount: number;
  currency: string;
  status: string;
  [key: string]: unknown;
}

const returnUrlOf = (intent: WaitingIntent) =>
  (intent.next_action as { redirect_to_url?: { return_url?: string | null } } | null)?.redirect_to_url?.return_url;

/**
 * `GET /3ds/{id}` shows the page; its buttons post `complete` or `fail`, and the cardholder is sent
 * back to the `return_url` with `payment_intent` and `redirect_status`, as Stripe does.
 */
export function mountThreeDSecure(
  app: Hono,
  intents: Map<string, WaitingIntent>,
  outcome: { complete(intent: WaitingIntent): void; fail(intent: WaitingIntent): void },
): void {
  app.get('/3ds/:id', (c) => {
    const intent = intents.get(c.req.param('id'));
    if (intent?.status !== 'requires_action') return c.text('No authentication is waiting here.', 404);
    const returnUrl = returnUrlOf(intent);
    c.header('Content-Security-Policy', threeDSecurePolicy(returnUrl ? new URL(returnUrl).origin : null));
    return c.html(threeDSecurePage(intent));
  });
  app.post('/3ds/:id/:answer{complete|fail}', (c) => {
    const intent = intents.get(c.req.param('id'));
    if (intent?.status !== 'requires_action') return c.text('No authentication is waiting here.', 404);
    const returnUrl = returnUrlOf(intent);
    if (c.req.param('answer') === 'complete') outcome.complete(intent);
    else outcome.fail(intent);
    if (!returnUrl) return c.text('Authentication finished; you can close this page.');
    const target = new URL(returnUrl);
    target.searchParams.set('payment_intent', intent.id);
    target.searchParams.set('redirect_status', (intent.status as string) === 'succeeded' ? 'succeeded' : 'failed');
    return c.redirect(target.toString(), 303);
  });
}

/** The 3-D Secure page a cardholder clicks through, like Stripe's test-mode authentication page. */
export function threeDSecurePage(intent: { id: string; amount: number; currency: string }): string {
  const amount = (intent.amount / 100).toLocaleString('sv-SE', { minimumFractionDigits: 2 });
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>3D Secure 2 test page</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
button{display:block;width:100%;margin:.75rem 0;padding:.8rem;font-size:1rem;border-radius:6px;border:1px solid #555;cursor:pointer}
.ok{background:#0b6b3a;color:#fff;border-color:#0b6b3a}.fail{background:#fff;color:#8a1c1c;border-color:#8a1c1c}</style>
</head>
<body>
<main>
<h1>3D Secure 2 test page</h1>
<p>Payments stand-in: this page stands in for the card issuer's authentication.</p>
<p>Amount: <strong>${amount} ${intent.currency.toUpperCase()}</strong></p>
<form method="post" action="/3ds/${intent.id}/complete"><button class="ok" type="submit">Complete authentication</button></form>
<form method="post" action="/3ds/${intent.id}/fail"><button class="fail" type="submit">Fail authentication</button></form>
</main>
</body>
</html>`;
}

/**
 * The page's Content-Security-Policy: nothing but its own inline styles, and its forms may post to
 * itself and follow the redirect back to the shop (`returnOrigin`).
 */
export function threeDSecurePolicy(returnOrigin: string | null): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    'img-src data:',
    `form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
