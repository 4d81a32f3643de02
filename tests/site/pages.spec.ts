import AxeBuilder from '@axe-core/playwright';
import { test as plainTest } from '@playwright/test';
import { expect, test, watchContentSecurityPolicy } from '../fixtures/test.ts';
import { linkIn, mailTo, uniqueEmail } from './mail.ts';

const PAGES = [
  '/',
  '/en/',
  '/blogg/',
  '/en/blog/',
  '/blogg/nano-och-mikroinfluencers/',
  '/blogg/autentiskt-ugc/',
  '/blogg/lyckade-varumarkessamarbeten/',
  '/blogg/trender-inom-influencer-marketing-2024/',
  '/blogg/realtidsdata-i-kampanjer/',
  '/en/blog/nano-and-micro-influencers/',
  '/en/blog/authentic-ugc/',
  '/en/blog/brand-collaborations/',
  '/en/blog/influencer-marketing-trends-2024/',
  '/en/blog/real-time-data-campaigns/',
  '/integritetspolicy/',
  '/anvandarvillkor/',
  '/radera-uppgifter/',
  '/en/privacy/',
  '/en/terms/',
  '/en/data-deletion/',
  '/prenumerera/',
  '/en/subscribe/',
  '/prenumerera/tack/',
  '/en/subscribe/thank-you/',
  // Opened without a token these only show their error text; with one they post it (subscribe.spec.ts).
  '/prenumerera/bekrafta/',
  '/en/subscribe/confirm/',
  '/avsluta-prenumeration/',
  '/en/unsubscribe/',
  '/radera-uppgifter/bekrafta/',
  '/en/data-deletion/confirm/',
];

test.describe('accessibility', () => {
  for (const path of PAGES) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    });
  }

  // The browser logs every 404 response as a console error, so these use the plain test; CSP
  // violations still fail them.
  for (const [path, heading] of [
    ['/finns-inte/', 'Sidan hittades inte'],
    ['/en/does-not-exist/', 'Page not found'],
  ] as const) {
    plainTest(`answers ${path} with the 404 page in its language, without axe violations`, async ({ page }) => {
      const violations: string[] = [];
      await watchContentSecurityPolicy(page.context(), violations);
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    });
  }

  test('axe finds no violations on the subscribe steps with their error messages', async ({ page }) => {
    await page.goto('/prenumerera/');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Nästa' }).click();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByLabel('E-postadress').fill('axe@example.se');
    await page.getByRole('checkbox', { name: /Ja, jag vill/ }).check();
    await page.getByRole('button', { name: 'Nästa' }).click();
    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect(page.getByText('Fyll i ett Instagram- eller TikTok-namn.')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByLabel('Instagram-namn').fill('axe');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await page.getByRole('button', { name: 'Prenumerera' }).click();
    await expect(page.getByText('Välj minst en kategori.')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

test.describe('landing page', () => {
  test('shows the sections, live statistics and a keyboard-operable slider', async ({ page }) => {
    await page.goto('/');
    for (const heading of [
      'Därför Kollab',
      'Så fungerar det',
      'Kom igång på fyra steg',
      'Kollab i siffror',
      'Allt på ett ställe',
      'Exempel på kampanjer',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    // Filled in from GET /api/site-stats (the demo seed has accounts and campaigns).
    await expect(page.locator('[data-stat="creators"]')).toHaveText(/^\d+$/);
    await expect(page.locator('[data-stat="campaigns"]')).toHaveText(/^\d+$/);
    await expect(page.locator('[data-stat="paidOut"]')).toHaveText(/kr$/);
    await expect(page.getByRole('link', { name: 'Skapa konto som kreatör' }).first()).toHaveAttribute(
      'href',
      '/app/register?locale=sv&role=creator',
    );

    const track = page.getByRole('group', { name: 'Kampanjexempel' });
    await expect(track).toHaveJSProperty('scrollLeft', 0);
    await page.getByRole('button', { name: 'Nästa exempel' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Föregående exempel' }).press('Enter');
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBe(0);
  });
});

test.describe('legal pages', () => {
  for (const [path, title, version] of [
    ['/integritetspolicy/', 'Integritetspolicy', 'Version 1.1 · Gäller från 27 november 2026'],
    ['/anvandarvillkor/', 'Användarvillkor', 'Version 1.0 · Gäller från 1 november 2026'],
    ['/radera-uppgifter/', 'Radera dina uppgifter', 'Version 1.0 · Gäller från 1 november 2026'],
    ['/en/privacy/', 'Privacy Policy', 'Version 1.1 · Effective from 27 November 2026'],
    ['/en/terms/', 'Terms of Service', 'Version 1.0 · Effective from 1 November 2026'],
    ['/en/data-deletion/', 'Delete your data', 'Version 1.0 · Effective from 1 November 2026'],
  ] as const) {
    test(`${path} shows its title, version and effective date`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByText(version, { exact: true })).toBeVisible();
    });
  }

  test('files a deletion request from the form and confirms it from the mail', async ({ page }) => {
    const email = uniqueEmail('delete');
    await page.goto('/en/data-deletion/');
    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();

    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Thank you! We have sent a link to the address/);

    const mail = await mailTo(email);
    expect(mail).toContain('within 14 days');
    await page.goto(linkIn(mail, '/en/data-deletion/confirm/'));
    await expect(page.getByRole('status')).toHaveText(
      /^Thank you, your request is confirmed\. We will delete your data by \d{1,2} \w+ \d{4}\.$/,
    );
  });
});

test.describe('feeds and metadata', () => {
  test('serves an RSS feed per language and a sitemap', async ({ request }) => {
    const sv = await request.get('/rss.xml');
    expect(sv.headers()['content-type']).toContain('xml');
    const svText = await sv.text();
    expect(svText.match(/<item>/g)).toHaveLength(5);
    expect(svText).toContain('<link>https://kollab.se/blogg/autentiskt-ugc/</link>');
    const en = await (await request.get('/en/rss.xml')).text();
    expect(en).toContain('<link>https://kollab.se/en/blog/authentic-ugc/</link>');
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    expect(sitemap).toContain('https://kollab.se/en/privacy/');
    expect(sitemap).not.toContain('/prenumerera/tack/');
  });

  test('describes an article with Open Graph tags and structured data', async ({ page }) => {
    await page.goto('/en/blog/nano-and-micro-influencers/');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', /^2026-09-08/);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      datePublished: expect.stringMatching(/^2026-09-08/),
      inLanguage: 'en-GB',
    });
    await expect(page.getByText(/min read$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Read next' })).toBeVisible();
  });
});
