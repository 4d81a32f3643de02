/** The 3-D Secure page a cardholder clicks through, like Stripe's test-mode authentication page. */
export function threeDSecurePage(intent: { id: string; amount: number; currency: string }): string {
  const amount = (intent.amount / 100).toLocaleString('sv-SE', { minimumFractionDigits: 2 });
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
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
