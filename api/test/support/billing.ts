import type { Campaign, User } from '@kollab/db/schema';
import { expect } from 'vitest';
import { createBrandProfile, createCampaign, createUser } from './factories.ts';
import { jsonHeaders, loginAs } from './login-as.ts';
import type { TestApp } from './test-app.ts';

const DAY_MS = 86_400_000;

export interface TestBrand {
  user: User;
  cookie: string;
}

/** A JSON request to the app; the answer's `data` when it is 2xx, otherwise the test fails with the body. */
export async function callJson<T = Record<string, unknown>>(
  t: TestApp,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
): Promise<T> {
  const res = await t.app.request(path, {
    method,
    headers: jsonHeaders(cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { data: T };
  expect({ path, status: res.status, ok: res.ok, body: res.ok ? null : json }).toMatchObject({ ok: true });
  return json.data;
}

/** A brand with organisation number and billing address (what an invoice needs), signed in. */
export async function billableBrand(
  t: TestApp,
  options: { locale?: 'sv' | 'en'; companyName?: string } = {},
): Promise<TestBrand> {
  const user = await createUser(t.db, { role: 'brand', locale: options.locale ?? 'sv' });
  await createBrandProfile(t.db, user.id, {
    companyName: options.companyName ?? 'Fika & Film AB',
    orgNumber: '556677-8899',
  });
  const cookie = await loginAs(t.db, user);
  await callJson(t, 'PUT', '/api/billing/address', cookie, {
    street: 'Storgatan 2',
    postalCode: '123 45',
    city: 'Storåker',
  });
  return { user, cookie };
}

/** A draft campaign running from yesterday for 20 days, not yet paid for. */
export function draftCampaign(t: TestApp, brand: TestBrand, slots: number, payoutOre: number): Promise<Campaign> {
  return createCampaign(
    t.db,
    brand.user.id,
    {
      status: 'draft',
      title: 'Höstkampanj',
      slots,
      payoutOre,
      budgetOre: slots * payoutOre,
      startsAt: new Date(Date.now() - DAY_MS),
      endsAt: new Date(Date.now() + 20 * DAY_MS),
    },
    { funded: false },
  );
}

/**
 * Pays a draft campaign by card over HTTP through the payments stand-in (pm_card_visa) and waits
 * for its webhooks: the campaign is funded and live. Returns the payment's id.
 */
export async function payByCard(t: TestApp, brand: TestBrand, campaign: Campaign): Promise<string> {
  const { id } = await callJson<{ id: string }>(t, 'POST', `/api/campaigns/${campaign.id}/payments`, brand.cookie, {
    method: 'card',
  });
  const paid = await callJson<{ status: string }>(t, 'POST', `/api/payments/${id}/card`, brand.cookie, {
    paymentMethodId: 'pm_card_visa',
  });
  expect(paid.status).toBe('paid');
  await t.payments.standIn.settled();
  return id;
}
