import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAdminByApi, signInByApi } from '../fixtures/api.ts';
import { untilHydrated } from '../fixtures/hydrated.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';

const CREATOR = { email: 'creator@demo.kollab.se', password: 'demo-creator-2026' };
const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const PHONE = { width: 360, height: 740 };

type Role = 'creator' | 'brand' | 'admin';

/** Every signed-in screen of each role; `:campaign` is the seeded live campaign (ADR 040). */
const SCREENS: Record<Role, string[]> = {
  creator: [
    '/',
    '/campaigns',
    '/campaigns/:campaign',
    '/invitations',
    '/claims',
    '/messages',
    '/earnings',
    '/withdrawal',
    '/tax',
    '/tax/statement',
    '/profile',
    '/onboarding',
    '/account',
    '/payment-methods',
  ],
  brand: [
    '/',
    '/brand/campaigns',
    '/brand/campaigns/new',
    '/brand/campaigns/:campaign',
    '/brand/campaigns/:campaign/edit',
    '/brand/campaigns/:campaign/results',
    '/discovery',
    '/discovery/overlap',
    '/discovery/performance',
    '/discovery/emails',
    '/discovery/raw',
    '/messages',
    '/billing',
    '/account',
    '/payment-methods',
  ],
  admin: [
    '/',
    '/admin',
    '/admin/users',
    '/admin/brands',
    '/admin/creators',
    '/admin/campaigns',
    '/admin/claims',
    '/admin/subscribers',
    '/admin/deletion-requests',
    '/admin/audit-log',
    '/admin/provider-usage',
    '/admin/failed-jobs',
    '/admin/ad-labels',
    '/admin/results',
    '/admin/withdrawals',
    '/admin/payments',
    '/admin/escrow',
    '/admin/invoices',
    '/admin/bank-files',
    '/admin/sie',
    '/admin/payout-batches',
    '/admin/payouts',
    '/admin/payout-answers',
    '/admin/payouts/blocked',
    '/admin/employer-report',
    '/discovery',
    '/messages',
    '/account',
  ],
};

async function signIn(page: Page, role: Role): Promise<void> {
  if (role === 'admin') await signInAdminByApi(page.request);
  else
    await signInByApi(
      page.request,
      (role === 'brand' ? BRAND : CREATOR).email,
      (role === 'brand' ? BRAND : CREATOR).password,
    );
}

async function seededCampaignId(page: Page): Promise<string> {
  const answer = (await (await page.request.get('/api/campaigns?pageSize=50')).json()) as {
    data: { id: string; title: string }[];
  };
  const campaign = answer.data.find((item) => item.title === 'Höstens fjällrost');
  expect(campaign, 'the seeded campaign').toBeTruthy();
  return campaign?.id ?? '';
}

/** The page's width and, when it is too wide, the elements that stick out past the right edge. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate((limit) => {
    const width = document.documentElement.scrollWidth;
    if (width <= limit) return { width, culprits: [] };
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > limit + 0.5)
      .filter((element) => !element.parentElement || element.parentElement.getBoundingClientRect().right <= limit + 0.5)
      .slice(0, 5)
      .map((element) => {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 3).join('.')}`;
        return `${name} right=${Math.round(element.getBoundingClientRect().right)} "${(element.textContent ?? '').slice(0, 40)}"`;
      });
    return { width, culprits };
  }, PHONE.width);
}

/**
 * The bottom bar's labels that do not fit their fifth of the width (cut off with an ellipsis): each
 * link's own text span, not what its icon carries (an unread badge and its visually hidden words).
 */
function cutLabels(page: Page): Promise<string[]> {
  return page
    .getByRole('navigation', { name: /^(Genvägar|Shortcuts)$/ })
    .locator('a > span:not(.MuiTouchRipple-root)')
    .evaluateAll((spans) =>
      spans.length === 0
        ? ['(no labels found)']
        : spans.filter((span) => span.scrollWidth > span.clientWidth).map((span) => span.textContent ?? ''),
    );
}

async function waitForScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: scaled(20_000) });
  // Loading spinners (a progress bar with a value, such as a budget's, stays).
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0, { timeout: scaled(20_000) });
}

test.describe('the portal on a 360 px wide phone', () => {
  // A phone's browser: overlay scrollbars, the page's viewport meta honoured, touch.
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  for (const role of ['creator', 'brand', 'admin'] as const) {
    test(`every ${role} screen fits without scrolling sideways`, async ({ page }, testInfo) => {
      test.setTimeout(scaled(180_000));
      await signIn(page, role);
      const campaign = role === 'admin' ? '' : await seededCampaignId(page);
      const tooWide: string[] = [];
      for (const screen of SCREENS[role]) {
        await page.goto(`/app${screen.replace(':campaign', campaign)}`);
        await waitForScreen(page);
        await expect(page.getByRole('navigation', { name: /Genvägar/ })).toBeVisible();
        const { width, culprits } = await overflow(page);
        if (width > PHONE.width) tooWide.push(`${screen}: ${width}px ${culprits.join(' | ')}`);
        await testInfo.attach(`${role} ${screen}`, { body: await page.screenshot(), contentType: 'image/png' });
      }
      expect(tooWide, 'screens wider than 360 px').toEqual([]);
      expect(await cutLabels(page), 'labels cut off in the bottom bar').toEqual([]);
    });
  }

  test('the bottom bar marks the current screen and the drawer lists every destination', async ({ page }) => {
    await signIn(page, 'creator');
    await page.goto('/app/claims');
    await waitForScreen(page);
    const bar = page.getByRole('navigation', { name: 'Genvägar' });
    await expect(bar.getByRole('link')).toHaveCount(5);
    await expect(bar.getByRole('link', { name: 'Ansökningar' })).toHaveAttribute('aria-current', 'page');
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
    // The top row of links is for wide screens only.
    await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeHidden();
    await untilHydrated(page);
    const results = await new AxeBuilder({ page }).include('nav[aria-label="Genvägar"]').analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    const menu = page.getByRole('button', { name: 'Öppna menyn' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Huvudmeny' });
    await expect(drawer).toBeVisible();
    const current = drawer.getByRole('link', { name: 'Mina ansökningar' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current).toBeFocused();
    for (const name of [
      'Översikt',
      'Kampanjer',
      'Inbjudningar',
      'Meddelanden',
      'Intäkter',
      'Skatt',
      'Kreatörsprofil',
      'Uttag',
      'Hantera konto',
      'Betalningsmetoder',
    ]) {
      await expect(drawer.getByRole('link', { name })).toBeVisible();
    }
    await expect(drawer.getByRole('combobox', { name: 'Språk' })).toBeVisible();
    await checkPage(page, 'drawer at 360 px');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    // A destination from the drawer closes it and goes there.
    await menu.click();
    await page.getByRole('dialog', { name: 'Huvudmeny' }).getByRole('link', { name: 'Intäkter' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/app\/earnings$/);
    await expect(bar.getByRole('link', { name: 'Intäkter' })).toHaveAttribute('aria-current', 'page');
  });

  test('dialogs fit too', async ({ page }) => {
    const fits = async (opener: () => Promise<void>) => {
      await opener();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      expect((await overflow(page)).width).toBeLessThanOrEqual(PHONE.width);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    };
    await signIn(page, 'creator');
    await page.goto('/app/payment-methods');
    await waitForScreen(page);
    await fits(() => page.getByRole('button', { name: 'Lägg till' }).click());
    await page.goto(`/app/campaigns/${await seededCampaignId(page)}`);
    await waitForScreen(page);
    await fits(() => page.getByRole('button', { name: 'Ansök till kampanjen' }).click());
  });

  test('the bar and the drawer speak English too', async ({ page }) => {
    await signIn(page, 'creator');
    await page.goto('/app/earnings?locale=en');
    await waitForScreen(page);
    const bar = page.getByRole('navigation', { name: 'Shortcuts' });
    for (const name of ['Home', 'Campaigns', 'Claims', 'Chat', 'Earnings']) {
      await expect(bar.getByRole('link', { name })).toBeVisible();
    }
    await expect(bar.getByRole('link', { name: 'Earnings' })).toHaveAttribute('aria-current', 'page');
    expect(await cutLabels(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await expect(drawer.getByRole('link', { name: 'My claims' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
  });

  test('the end of a page is not hidden behind the bottom bar', async ({ page }) => {
    await signIn(page, 'creator');
    await page.goto('/app/account');
    await waitForScreen(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const main = await page.locator('main').boundingBox();
    const bar = await page.getByRole('navigation', { name: 'Genvägar' }).boundingBox();
    expect(main && bar ? Math.round(main.y + main.height - bar.y) : 'missing').toBeLessThanOrEqual(0);
  });
});

test.describe('the phone navigation at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  for (const role of ['creator', 'brand', 'admin'] as const) {
    test(`screenshots of the ${role}'s bottom bar and drawer`, async ({ page }, testInfo) => {
      await signIn(page, role);
      await page.goto('/app/');
      await waitForScreen(page);
      await testInfo.attach(`${role}-bottom-nav-390`, { body: await page.screenshot(), contentType: 'image/png' });
      await page.getByRole('button', { name: 'Öppna menyn' }).click();
      await expect(page.getByRole('dialog', { name: 'Huvudmeny' })).toBeVisible();
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
      await testInfo.attach(`${role}-drawer-390`, { body: await page.screenshot(), contentType: 'image/png' });
    });
  }
});
