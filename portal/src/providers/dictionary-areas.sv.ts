import accountSv from '../locales/account.sv.json';
import adminSv from '../locales/admin.sv.json';
import authSv from '../locales/auth.sv.json';
import billingSv from '../locales/billing.sv.json';
import campaignsSv from '../locales/campaigns.sv.json';
import chatSv from '../locales/chat.sv.json';
import deskSv from '../locales/desk.sv.json';
import discoverySv from '../locales/discovery.sv.json';
import identitySv from '../locales/identity.sv.json';
import jobsSv from '../locales/jobs.sv.json';
import moneySv from '../locales/money.sv.json';
import paymentsSv from '../locales/payments.sv.json';
import payoutsSv from '../locales/payouts.sv.json';
import ratingsSv from '../locales/ratings.sv.json';
import resultsSv from '../locales/results.sv.json';
import taxSv from '../locales/tax.sv.json';
import verificationSv from '../locales/verification.sv.json';

/**
 * The Swedish texts of the signed-in areas, merged: a chunk of its own, loaded (i18n-provider.ts)
 * before the first page that needs Refine renders; the sign-in page and the home never load it.
 */
const areas = {
  ...accountSv,
  ...authSv,
  ...campaignsSv,
  ...moneySv,
  ...chatSv,
  ...adminSv,
  ...discoverySv,
  ...billingSv,
  ...paymentsSv,
  ...identitySv,
  ...payoutsSv,
  ...ratingsSv,
  ...taxSv,
  ...jobsSv,
  ...resultsSv,
  ...verificationSv,
  ...deskSv,
};
export default areas;
