import type { UiKey } from '../../i18n/ui.ts';

export type SubscribeStrings = Record<Extract<UiKey, `subscribe.${string}`>, string>;

export type Step = 1 | 2 | 3;
export type FieldName = 'email' | 'consent' | 'handles' | 'categories' | 'form';
export type Errors = Partial<Record<FieldName, string>>;

export interface Draft {
  email: string;
  consent: boolean;
  instagramName: string;
  tiktokName: string;
  categories: string[];
}

export const EMPTY: Draft = { email: '', consent: false, instagramName: '', tiktokName: '', categories: [] };
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const HANDLE = /^@?[A-Za-z0-9._]{1,30}$/;
export const FIELD_STEP: Record<FieldName, Step> = { email: 1, consent: 1, handles: 2, categories: 3, form: 3 };

export function validateStep(step: Step, draft: Draft, s: SubscribeStrings): Errors {
  const errors: Errors = {};
  if (step === 1) {
    const email = draft.email.trim();
    if (!email) errors.email = s['subscribe.error.email.required'];
    else if (!EMAIL.test(email)) errors.email = s['subscribe.error.email.invalid'];
    if (!draft.consent) errors.consent = s['subscribe.error.consent'];
  } else if (step === 2) {
    const handles = [draft.instagramName.trim(), draft.tiktokName.trim()].filter(Boolean);
    if (handles.length === 0) errors.handles = s['subscribe.error.handle.required'];
    else if (!handles.every((handle) => HANDLE.test(handle))) errors.handles = s['subscribe.error.handle.invalid'];
  } else if (draft.categories.length === 0) {
    errors.categories = s['subscribe.error.categories'];
  }
  return errors;
}

/** The first step whose fields are not valid yet, or `step` when every earlier one is. */
export function firstIncompleteStep(step: Step, draft: Draft, s: SubscribeStrings): Step {
  for (const earlier of [1, 2] as const) {
    if (earlier < step && Object.keys(validateStep(earlier, draft, s)).length > 0) return earlier;
  }
  return step;
}

/** Maps the API's `fields` (codes per path) to this form's messages. */
export function errorsFromApi(fields: Record<string, string[]>, s: SubscribeStrings): Errors {
  const errors: Errors = {};
  for (const [path, codes] of Object.entries(fields)) {
    const code = codes[0];
    if (path === 'email') {
      errors.email = code === 'required' ? s['subscribe.error.email.required'] : s['subscribe.error.email.invalid'];
    } else if (path === 'marketingConsent') {
      errors.consent = s['subscribe.error.consent'];
    } else if (path === 'instagramName' || path === 'tiktokName') {
      errors.handles =
        code === 'handle_required' ? s['subscribe.error.handle.required'] : s['subscribe.error.handle.invalid'];
    } else if (path.startsWith('categories')) {
      errors.categories = s['subscribe.error.categories'];
    } else {
      errors.form = s['subscribe.error.generic'];
    }
  }
  return errors;
}

/** The step to show for a set of errors: the earliest one that has any. */
export function earliestStepWithError(errors: Errors): Step {
  const steps = (Object.keys(errors) as FieldName[]).map((name) => FIELD_STEP[name]);
  return steps.length > 0 ? (Math.min(...steps) as Step) : 3;
}
