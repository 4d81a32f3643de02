import { en } from './texts.en.ts';
import { sv, type Texts } from './texts.sv.ts';

export type { Texts };
export type Locale = 'sv' | 'en';

export const TEXTS: Record<Locale, Texts> = { sv, en };
export const LOCALES: Locale[] = ['sv', 'en'];
