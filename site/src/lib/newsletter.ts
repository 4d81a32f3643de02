/**
 * Version of the marketing-consent text on the subscribe form (`subscribe.consent.label` in
 * i18n/ui.ts). Change it together with the wording; the API accepts the versions listed in
 * api/src/modules/subscribers/subscribers.schemas.ts and records which one was agreed to.
 */
export const NEWSLETTER_CONSENT_VERSION = '2026-11-01';
