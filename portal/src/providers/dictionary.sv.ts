import adminSv from '../locales/admin.sv.json';
import billingSv from '../locales/billing.sv.json';
import campaignsSv from '../locales/campaigns.sv.json';
import chatSv from '../locales/chat.sv.json';
import discoverySv from '../locales/discovery.sv.json';
import identitySv from '../locales/identity.sv.json';
import jobsSv from '../locales/jobs.sv.json';
import moneySv from '../locales/money.sv.json';
import paymentsSv from '../locales/payments.sv.json';
import payoutsSv from '../locales/payouts.sv.json';
import ratingsSv from '../locales/ratings.sv.json';
import resultsSv from '../locales/results.sv.json';
import baseSv from '../locales/sv.json';
import taxSv from '../locales/tax.sv.json';
import verificationSv from '../locales/verification.sv.json';

/**
 * The Swedish texts of every area, merged: a chunk of its own, loaded only in Swedish
 * (i18n-provider.ts). Both languages have exactly the same keys (dictionary-parity.ts).
 */
const sv = {
  ...baseSv,
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
};
export default sv;
