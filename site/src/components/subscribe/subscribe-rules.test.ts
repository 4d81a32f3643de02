import { describe, expect, it } from 'vitest';
import { ui } from '../../i18n/ui.ts';
import {
  type Draft,
  EMPTY,
  earliestStepWithError,
  errorsFromApi,
  firstIncompleteStep,
  type SubscribeStrings,
  validateStep,
} from './subscribe-rules.ts';

const sv = ui.sv as SubscribeStrings;
const en = ui.en as SubscribeStrings;
const complete: Draft = {
  email: 'anna@example.se',
  consent: true,
  instagramName: '@anna.skapar',
  tiktokName: '',
  categories: ['beauty'],
};

describe('subscribe form rules', () => {
  it('asks for an e-mail address and consent on step 1, in the page language', () => {
    expect(validateStep(1, EMPTY, sv)).toEqual({
      email: 'Skriv din e-postadress.',
      consent: 'Kryssa i rutan för att godkänna utskick från oss.',
    });
    expect(validateStep(1, { ...EMPTY, email: 'anna@', consent: true }, en)).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com.',
    });
  });

  it('needs at least one valid handle on step 2 and a category on step 3', () => {
    expect(validateStep(2, { ...complete, instagramName: ' ' }, en)).toEqual({
      handles: 'Enter an Instagram or a TikTok name.',
    });
    expect(validateStep(2, { ...complete, tiktokName: 'två ord' }, sv)).toEqual({
      handles: 'Namnet får bara innehålla bokstäver, siffror, punkt och understreck.',
    });
    expect(validateStep(3, { ...complete, categories: [] }, en)).toEqual({
      categories: 'Choose at least one category.',
    });
    for (const step of [1, 2, 3] as const) expect(validateStep(step, complete, sv)).toEqual({});
  });

  it('sends a visitor who opens a later step back to the first one missing answers', () => {
    expect(firstIncompleteStep(3, EMPTY, sv)).toBe(1);
    expect(firstIncompleteStep(3, { ...complete, instagramName: '' }, sv)).toBe(2);
    expect(firstIncompleteStep(3, complete, sv)).toBe(3);
  });

  it('turns the API error codes into this form’s messages on the earliest step that has one', () => {
    const errors = errorsFromApi(
      { instagramName: ['handle_required'], tiktokName: ['handle_required'], 'categories.0': ['invalid_category'] },
      en,
    );
    expect(errors).toEqual({
      handles: 'Enter an Instagram or a TikTok name.',
      categories: 'Choose at least one category.',
    });
    expect(earliestStepWithError(errors)).toBe(2);
    expect(errorsFromApi({ email: ['invalid_email'], marketingConsent: ['consent_required'] }, sv)).toEqual({
      email: 'Skriv en giltig e-postadress, till exempel namn@exempel.se.',
      consent: 'Kryssa i rutan för att godkänna utskick från oss.',
    });
    expect(errorsFromApi({ consentVersion: ['invalid_consent_version'] }, en)).toEqual({
      form: 'Something went wrong and the subscription was not saved. Please try again shortly.',
    });
  });
});
