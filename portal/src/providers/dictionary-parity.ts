import type en from './dictionary.en';
import type sv from './dictionary.sv';

/** True when A and B have exactly the same keys. */
type SameKeys<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? true : false;

/**
 * Each text is in both languages: this line fails to compile when a key is in one dictionary only
 * (checked by `npm run typecheck`; nothing imports it at run time).
 */
export const dictionariesMatch: SameKeys<typeof sv, typeof en> = true;
