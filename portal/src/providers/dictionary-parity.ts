import type baseEn from './dictionary.en';
import type baseSv from './dictionary.sv';
import type areasEn from './dictionary-areas.en';
import type areasSv from './dictionary-areas.sv';

/** True when A and B have exactly the same keys. */
type SameKeys<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? true : false;

/**
 * Each text is in both languages, in the same chunk (the base or the areas'): these lines fail to
 * compile when a key is in one dictionary only (checked by `npm run typecheck`; nothing imports it
 * at run time).
 */
export const baseTextsMatch: SameKeys<typeof baseSv, typeof baseEn> = true;
export const areaTextsMatch: SameKeys<typeof areasSv, typeof areasEn> = true;
