import { createHmac } from 'node:crypto';
import { parsePersonalNumber } from '@kollab/contract/personal-number';
import { describe, expect, it } from 'vitest';
import { createBankIdStandIn } from './app.ts';
import { testPersons } from './persons.ts';

function setup() {
  let now = Date.parse('2026-11-26T10:00:00Z');
  const standIn = createBankIdStandIn({ now: () => now, expiresAfterMs: 60_000 });
  const post = (path: string, body: unknown) =>
    standIn.app.request(`/rp/v6.0/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const form = (path: string, fields: Record<string, string>) =>
    standIn.app.request(path, { method: 'POST', body: new URLSearchParams(fields) });
  const start = async (kind = 'auth', extra: Record<string, unknown> = {}) =>
    (await (await post(kind, { endUserIp: '192.0.2.1', ...extra })).json()) as Record<string, string>;
  const collect = async (orderRef: string) => (await post('collect', { orderRef })).json();
  return { standIn, post, form, start, collect, advance: (ms: number) => (now += ms) };
}

describe('the test persons', () => {
  it('have valid personal numbers; the 17-year-old is refused, the others are adults', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const results = testPersons(now).map((person) => [
      person.id,
      parsePersonalNumber(person.personalNumber, now).ok
        ? 'ok'
        : (parsePersonalNumber(person.personalNumber, now) as { error: string }).error,
    ]);
    expect(results).toEqual([
      ['adult', 'ok'],
      ['adult2', 'ok'],
      ['minor', 'under_18'],
      ['coordination', 'ok'],
      ['cancelled', 'ok'],
      ['expired', 'ok'],
      ['elsewhere', 'ok'],
      ['startFailed', 'ok'],
    ]);
    const minor = testPersons(now).find((person) => person.id === 'minor');
    expect(minor?.personalNumber.slice(0, 8)).toBe('20091101');
    const coordination = parsePersonalNumber(testPersons(now)[3]?.personalNumber ?? '', now);
    expect(coordination.ok && coordination.value.isCoordinationNumber).toBe(true);
  });
});

describe('the BankID stand-in', () => {
  it('runs an order from the autostart link through the app page to completion', async () => {
    const { form, start, collect, standIn } = setup();
    const order = await start();
    expect(await collect(order.orderRef ?? '')).toEqual({
      orderRef: order.orderRef,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });
    const page = await standIn.app.request(`/app?autostarttoken=${order.autoStartToken}&redirect=null`);
    const text = await page.text();
    expect(text).toContain('Identifiera / Identify');
    expect(text.match(/type="radio"/g)).toHaveLength(9);
    expect(await collect(order.orderRef ?? '')).toMatchObject({ status: 'pending', hintCode: 'userSign' });
    const unpicked = await form(`/app/${order.orderRef}/approve`, {});
    expect(unpicked.status).toBe(422);
    const approved = await form(`/app/${order.orderRef}/approve`, { person: 'minor' });
    expect(await approved.text()).toContain('Klart / Done');
    const done = (await collect(order.orderRef ?? '')) as {
      status: string;
      completionData: { user: { personalNumber: string } };
    };
    expect(done.status).toBe('complete');
    expect(done.completionData.user.personalNumber).toBe(standIn.persons()[2]?.personalNumber);
  });

  it('completes as a new adult with a valid personal number of its own each time', async () => {
    const { form, start, collect } = setup();
    const numbers: string[] = [];
    for (let round = 0; round < 2; round++) {
      const order = await start();
      const approved = await form(`/app/${order.orderRef}/approve`, { person: 'fresh' });
      expect(await approved.text()).toContain('Klart / Done');
      const done = (await collect(order.orderRef ?? '')) as {
        status: string;
        completionData: { user: { personalNumber: string; name: string } };
      };
      expect(done.status).toBe('complete');
      expect(done.completionData.user.name).toBe('Nora Nyström');
      numbers.push(done.completionData.user.personalNumber);
    }
    // Parsing refuses anyone under 18; these are born at least 25 years ago.
    for (const number of numbers) expect(parsePersonalNumber(number).ok, number).toBe(true);
    for (const number of numbers) expect(Number(number.slice(0, 4))).toBeLessThanOrEqual(new Date().getFullYear() - 25);
    expect(numbers[0]).not.toBe(numbers[1]);
  });

  it('opens an order from a scanned QR code only when its code is right', async () => {
    const { start, standIn } = setup();
    const order = await start('sign', { userVisibleData: Buffer.from('Villkor för kampanjen').toString('base64') });
    const code = (secret: string) => createHmac('sha256', secret).update('0').digest('hex');
    const good = await standIn.app.request(`/app?qr=bankid.${order.qrStartToken}.0.${code(order.qrStartSecret ?? '')}`);
    expect(await good.text()).toContain('Villkor för kampanjen');
    const bad = await standIn.app.request(`/app?qr=bankid.${order.qrStartToken}.0.${code('guess')}`);
    expect(await bad.text()).toContain('No such order');
  });

  it('fails an order the tester cancels (userCancel) and one nobody finishes (expiredTransaction)', async () => {
    const { form, start, collect, advance } = setup();
    const cancelled = await start();
    await form(`/app/${cancelled.orderRef}/cancel`, {});
    expect(await collect(cancelled.orderRef ?? '')).toEqual({
      orderRef: cancelled.orderRef,
      status: 'failed',
      hintCode: 'userCancel',
    });
    const forgotten = await start();
    advance(60_000);
    expect(await collect(forgotten.orderRef ?? '')).toEqual({
      orderRef: forgotten.orderRef,
      status: 'failed',
      hintCode: 'expiredTransaction',
    });
  });

  it('answers bad requests as BankID does', async () => {
    const { post, standIn } = setup();
    const cases: [Response, number, string][] = [
      [await post('auth', {}), 400, 'invalidParameters'],
      [await post('sign', { endUserIp: '192.0.2.1' }), 400, 'invalidParameters'],
      [await post('collect', { orderRef: 'nope' }), 400, 'invalidParameters'],
      [await post('cancel', {}), 400, 'invalidParameters'],
      [
        await standIn.app.request('/rp/v6.0/auth', { method: 'POST', body: 'endUserIp=1' }),
        415,
        'unsupportedMediaType',
      ],
    ];
    for (const [response, status, errorCode] of cases) {
      expect(response.status).toBe(status);
      expect(((await response.json()) as { errorCode: string }).errorCode).toBe(errorCode);
    }
    expect(
      (
        await standIn.app.request('/app/nope/approve', {
          method: 'POST',
          body: new URLSearchParams({ person: 'adult' }),
        })
      ).status,
    ).toBe(404);
  });
});
