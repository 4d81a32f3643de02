import accountEn from '../locales/account.en.json';
import adminEn from '../locales/admin.en.json';
import authEn from '../locales/auth.en.json';
import billingEn from '../locales/billing.en.json';
import campaignsEn from '../locales/campaigns.en.json';
import chatEn from '../locales/chat.en.json';
import deskEn from '../locales/desk.en.json';
import discoveryEn from '../locales/discovery.en.json';
import identityEn from '../locales/identity.en.json';
import jobsEn from '../locales/jobs.en.json';
import moneyEn from '../locales/money.en.json';
import paymentsEn from '../locales/payments.en.json';
import payoutsEn from '../locales/payouts.en.json';
import ratingsEn from '../locales/ratings.en.json';
import resultsEn from '../locales/results.en.json';
import taxEn from '../locales/tax.en.json';
import verificationEn from '../locales/verification.en.json';

/**
 * The English texts of the signed-in areas, merged: a chunk of its own, loaded (i18n-provider.ts)
 * before the first page that needs Refine renders; the sign-in page and the home never load it.
 */
const areas = {
  ...accountEn,
  ...authEn,
  ...campaignsEn,
  ...moneyEn,
  ...chatEn,
  ...adminEn,
  ...discoveryEn,
  ...paymentsEn,
  ...billingEn,
  ...identityEn,
  ...payoutsEn,
  ...ratingsEn,
  ...taxEn,
  ...jobsEn,
  ...resultsEn,
  ...verificationEn,
  ...deskEn,
};
export default areas;
