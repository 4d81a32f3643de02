import { expect, type Page } from '@playwright/test';
import { checkPage } from '../fixtures/visit.ts';
import { linkIn, mailTo } from '../site/mail.ts';
import type { Actor } from './actors.ts';
import type { Texts } from './texts.ts';

/**
 * The admin finds the creator's confirmed deletion request, reads what processing will do to her
 * money (nothing left) and erases her data.
 */
export async function adminErases(adminPage: Page, t: Texts, creatorEmail: string): Promise<void> {
  await adminPage.goto('/app/admin');
  await adminPage.getByRole('link', { name: t.admin.deletions }).click();
  await expect(adminPage.getByRole('heading', { name: t.admin.deletionsTitle, level: 1 })).toBeVisible();
  const row = adminPage.getByRole('row').filter({ hasText: creatorEmail });
  await expect(row).toContainText(t.admin.pending, { timeout: 15_000 });
  await checkPage(adminPage, 'deletion requests');
  await row.getByRole('menuitem', { name: t.admin.process(creatorEmail) }).click();
  const erase = adminPage.getByRole('dialog', { name: t.admin.processDialog });
  await expect(erase).toContainText(creatorEmail);
  await expect(erase.getByRole('listitem').first()).toHaveText(t.creator.noMoney);
  await checkPage(adminPage, 'erase the data');
  await erase.getByRole('button', { name: t.admin.processSubmit }).click();
  await expect(erase).toBeHidden();
  await expect(adminPage.getByRole('alert').filter({ hasText: t.admin.processDone(creatorEmail) })).toBeVisible();
  await expect(row).toContainText(t.admin.completed);
}

/** The creator asks on the site for her data to be deleted and confirms from the mail. */
export async function askForDeletion(page: Page, t: Texts, creatorEmail: string): Promise<void> {
  await page.goto(t.site.deletionPage);
  await page.getByLabel(t.site.email).fill(creatorEmail);
  await checkPage(page, 'delete your data');
  await page.getByRole('button', { name: t.site.sendDeletion }).click();
  await expect(page.getByRole('status')).toHaveText(t.site.deletionSent);
  await page.goto(linkIn(await mailTo(creatorEmail, t.site.deletionConfirmPath), t.site.deletionConfirmPath));
  await expect(page.getByRole('status')).toHaveText(t.site.deletionConfirmed);
  await checkPage(page, 'deletion confirmed');
}

/** After the erasure her sessions are gone and her password no longer works. */
export async function expectSignedOutForGood(creator: Actor, t: Texts, email: string, password: string): Promise<void> {
  const { page } = creator;
  // Her sessions are gone: the portal says so, and her password no longer works.
  await page.goto('/app/');
  await expect(page).toHaveURL(/\/app\/login\?error=SessionRequired/);
  await page.getByRole('textbox', { name: t.auth.email }).fill(email);
  await page.getByLabel(t.auth.password).fill(password);
  await page.getByRole('button', { name: t.auth.signIn, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(t.auth.wrongPassword);
  await checkPage(page, 'sign-in refused');
  // The browser logs the refused sign-in (401, as NextAuth's server answers it); it was the point.
  const refused = creator.errors.findIndex((error) => error.includes('status of 401 (Unauthorized)'));
  expect(refused, creator.errors.join('\n')).toBeGreaterThanOrEqual(0);
  creator.errors.splice(refused, 1);
}
