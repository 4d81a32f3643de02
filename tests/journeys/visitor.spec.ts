import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { linkIn, mailTo, uniqueEmail } from '../site/mail.ts';
import { baseUrl } from './actors.ts';
import { LOCALES, TEXTS } from './texts.ts';

/** The visitor journey of issue #10 in each language: reads an article, subscribes, confirms. */
for (const locale of LOCALES) {
  const t = TEXTS[locale];

  test(`a visitor reads an article, subscribes to the newsletter and confirms (${locale})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(scaled(90_000));
    const email = uniqueEmail(`visitor-${locale}`);
    // A visitor who chose the language before: `/` sends English readers to `/en/`.
    await context.addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page).toHaveURL(locale === 'sv' ? /\/$/ : /\/en\/$/);
    await checkPage(page, 'landing page');

    await page.getByRole('banner').getByRole('link', { name: t.site.blog, exact: true }).click();
    await expect(page.getByRole('link', { name: t.site.article })).toBeVisible();
    await checkPage(page, 'blog');
    await page.getByRole('link', { name: t.site.article }).click();
    await expect(page.getByRole('heading', { name: t.site.article, level: 1 })).toBeVisible();
    await checkPage(page, 'article');

    await page.getByRole('contentinfo').getByRole('link', { name: t.site.newsletter }).click();
    // Astro removes `ssr` from the island once React has hydrated the form.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: t.site.step1 })).toBeVisible();
    await page.getByLabel(t.site.email).fill(email);
    await page.getByRole('checkbox', { name: t.site.consent }).check();
    await checkPage(page, 'subscribe: e-mail');
    await page.getByRole('button', { name: t.site.next }).click();
    await expect(page.getByRole('heading', { name: t.site.step2 })).toBeVisible();
    await page.getByLabel(t.site.instagramName).fill(`reader.${locale}`);
    await checkPage(page, 'subscribe: accounts');
    await page.getByRole('button', { name: t.site.next }).click();
    await expect(page.getByRole('heading', { name: t.site.step3 })).toBeVisible();
    await page.getByRole('checkbox', { name: t.site.category }).check();
    await checkPage(page, 'subscribe: categories');
    await page.getByRole('button', { name: t.site.subscribe }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.site.thanks);
    await checkPage(page, 'thank you');

    await page.goto(linkIn(await mailTo(email, t.site.confirmPath), t.site.confirmPath));
    await expect(page.getByRole('status')).toHaveText(t.site.confirmed);
    await checkPage(page, 'subscription confirmed');
  });
}
