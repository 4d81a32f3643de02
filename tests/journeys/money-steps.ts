import { expect, type Page } from '@playwright/test';
import { checkPage } from '../fixtures/visit.ts';
import type { Texts } from './texts.ts';

/**
 * The creator adds PayPal as her payout method and withdraws all she earned on the campaign `title`,
 * step by step through the withdrawal wizard; each screen is checked.
 */
export async function withdrawToPaypal(page: Page, t: Texts, title: string): Promise<void> {
  await page.goto('/app/payment-methods');
  await expect(page.getByRole('heading', { name: t.money.paymentMethods, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: t.money.add, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.money.addDialog });
  await dialog.getByRole('combobox', { name: t.money.type }).click();
  await page.getByRole('option', { name: t.money.paypal, exact: true }).click();
  await dialog.getByRole('textbox', { name: t.money.paypalEmail }).fill('journey@example.com');
  await checkPage(page, 'add a payment method');
  await dialog.getByRole('button', { name: t.money.add, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: t.money.added })).toBeVisible();
  await expect(page.getByRole('list', { name: t.money.paymentMethods })).toContainText('PayPal j•••@example.com');
  await checkPage(page, 'payment methods');

  await page.getByRole('navigation', { name: t.nav.menu }).getByRole('link', { name: t.nav.earnings }).click();
  await expect(page.getByRole('heading', { name: t.money.earnings, level: 1 })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: t.money.available })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(t.money.earned);
  await checkPage(page, 'earnings');
  await page.getByRole('link', { name: t.money.withdraw, exact: true }).click();
  await expect(page.getByRole('heading', { name: t.money.chooseMethod })).toBeVisible();
  await expect(page.getByRole('radio', { name: /PayPal j•••@example\.com/ })).toBeChecked();
  await checkPage(page, 'withdrawal: method');
  await page.getByRole('button', { name: t.money.next }).click();
  await expect(page.getByRole('heading', { name: t.money.amountTitle })).toBeFocused();
  await checkPage(page, 'withdrawal: amount');
  await page.getByRole('button', { name: t.money.next }).click();
  await expect(page.getByRole('heading', { name: t.money.confirmTitle })).toBeVisible();
  await checkPage(page, 'withdrawal: confirm');
  await page.getByRole('button', { name: t.money.confirm }).click();
  await expect(page.getByRole('heading', { name: t.money.requestedTitle })).toBeVisible();
  const mine = page.getByRole('list', { name: t.money.myWithdrawals }).getByRole('listitem').first();
  await expect(mine).toContainText(t.money.toPaypal);
  await expect(mine).toContainText(t.money.requested);
  await checkPage(page, 'withdrawal requested');
}
