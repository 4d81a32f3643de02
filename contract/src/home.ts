/**
 * The role homes' vocabulary (ADR 037), without zod: the portal's start page imports it and is on
 * the first-load path (ADR 034). The answer's schemas are in `api/home.ts`.
 */

/** How many items each list of a home holds at most; the counts beside them are the whole number. */
export const HOME_LIST_LIMIT = 10;
/** How many conversations a home shows under "Recent messages". */
export const HOME_CONVERSATION_LIMIT = 5;
/** Dead letters are counted up to this many on the admin's home; the table behind the link shows them all. */
export const FAILED_JOBS_COUNTED = 100;

/** The steps of a complete creator profile, in the order the home suggests them. */
export const PROFILE_STEPS = [
  'verify_email',
  'personal_number',
  'identity',
  'link_accounts',
  'verify_accounts',
  'payment_method',
  'tax_status',
] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];
