import { type SubmitEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  type Draft,
  EMPTY,
  type Errors,
  earliestStepWithError,
  errorsFromApi,
  type FieldName,
  firstIncompleteStep,
  type Step,
  type SubscribeStrings,
  validateStep,
} from './subscribe-rules.ts';

export type { SubscribeStrings };

export interface SubscribeFlowProps {
  locale: 'sv' | 'en';
  strings: SubscribeStrings;
  categories: { key: string; label: string }[];
  consentVersion: string;
  thanksPath: string;
  privacyPath: string;
  homePath: string;
}

const STORAGE_KEY = 'kollab.subscribe';
function readStep(): Step {
  const step = Number(new URLSearchParams(window.location.search).get('step'));
  return step === 2 || step === 3 ? step : 1;
}

function readDraft(): Draft {
  try {
    return { ...EMPTY, ...(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Draft>) };
  } catch {
    return EMPTY;
  }
}

/**
 * The three-step newsletter sign-up. The step lives in the URL (`?step=2`) so the browser's Back
 * button walks the steps; what was typed is kept in sessionStorage meanwhile.
 */
export function SubscribeFlow({
  locale,
  strings: s,
  categories,
  consentVersion,
  thanksPath,
  privacyPath,
  homePath,
}: SubscribeFlowProps) {
  const [step, setStep] = useState<Step>(1);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [isSending, setIsSending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const moved = useRef(false);
  const id = useId();

  const goTo = useCallback((next: Step, mode: 'push' | 'replace') => {
    const url = new URL(window.location.href);
    url.searchParams.set('step', String(next));
    const state = { step: next, pushed: mode === 'push' };
    if (mode === 'push') window.history.pushState(state, '', url);
    else window.history.replaceState(state, '', url);
    moved.current = true;
    setStep(next);
  }, []);

  useEffect(() => {
    // Keep what was typed into the server-rendered step 1 before the form came alive.
    const typed = formRef.current ? new FormData(formRef.current) : null;
    const typedEmail = String(typed?.get('email') ?? '');
    const saved = {
      ...readDraft(),
      ...(typedEmail ? { email: typedEmail } : {}),
      ...(typed?.get('marketingConsent') ? { consent: true } : {}),
    };
    setDraft(saved);
    const wanted = readStep();
    const allowed = firstIncompleteStep(wanted, saved, s);
    goTo(allowed, 'replace');
    // Arriving on the page is not a step change: leave focus where the browser put it.
    moved.current = false;
    const onPopState = () => {
      const current = readDraft();
      const target = readStep();
      const possible = firstIncompleteStep(target, current, s);
      setErrors({});
      if (possible !== target) goTo(possible, 'replace');
      else {
        moved.current = true;
        setStep(target);
      }
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [goTo, s]);

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  }, [draft]);

  // After a step change, move focus to the new step's heading so screen readers announce it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const update = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const focusFirstError = () => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async () => {
    setIsSending(true);
    try {
      const res = await fetch('/api/subscribers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: draft.email.trim(),
          marketingConsent: draft.consent,
          consentVersion,
          instagramName: draft.instagramName.trim(),
          tiktokName: draft.tiktokName.trim(),
          categories: draft.categories,
          locale,
        }),
      });
      if (res.ok) {
        sessionStorage.removeItem(STORAGE_KEY);
        window.location.assign(thanksPath);
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { fields?: Record<string, string[]> } } | null;
      if (res.status === 422 && body?.error?.fields) {
        const apiErrors = errorsFromApi(body.error.fields, s);
        const target = earliestStepWithError(apiErrors);
        setErrors(apiErrors);
        if (target !== step) goTo(target, 'push');
        else focusFirstError();
      } else {
        setErrors({ form: res.status === 429 ? s['subscribe.error.rateLimited'] : s['subscribe.error.generic'] });
      }
    } catch {
      setErrors({ form: s['subscribe.error.generic'] });
    } finally {
      setIsSending(false);
    }
  };

  // Back is the browser's Back when we pushed this step ourselves, so both buttons agree.
  const back = () => {
    const state = window.history.state as { pushed?: boolean } | null;
    if (state?.pushed) window.history.back();
    else goTo((step - 1) as Step, 'replace');
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateStep(step, draft, s);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError();
    if (step < 3) goTo((step + 1) as Step, 'push');
    else void submit();
  };

  const stepNames = [s['subscribe.step.email'], s['subscribe.step.social'], s['subscribe.step.categories']];
  const errorId = (name: FieldName) => `${id}-${name}-error`;
  const describe = (name: FieldName, hint?: string) =>
    [hint, errors[name] ? errorId(name) : undefined].filter(Boolean).join(' ') || undefined;
  const errorText = (name: FieldName) =>
    errors[name] ? (
      <p className="field__error" id={errorId(name)}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="subscribe">
      <ol className="subscribe__progress" aria-label={s['subscribe.progress']}>
        {stepNames.map((name, index) => (
          <li key={name} aria-current={index + 1 === step ? 'step' : undefined}>
            <span aria-hidden="true">{index + 1}</span> {name}
          </li>
        ))}
      </ol>
      <form ref={formRef} className="card" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          {`${s['subscribe.progress']} ${step} ${s['subscribe.stepOf']} 3: ${stepNames[step - 1]}`}
        </h2>

        {step === 1 && (
          <>
            <div className="field">
              <label htmlFor={`${id}-email`}>{s['subscribe.email.label']}</label>
              <p className="field__hint" id={`${id}-email-hint`}>
                {s['subscribe.email.hint']}
              </p>
              <input
                id={`${id}-email`}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                value={draft.email}
                onChange={(event) => update('email', event.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describe('email', `${id}-email-hint`)}
              />
              {errorText('email')}
            </div>
            <div className="field">
              <div className="check">
                <input
                  id={`${id}-consent`}
                  type="checkbox"
                  name="marketingConsent"
                  checked={draft.consent}
                  onChange={(event) => update('consent', event.target.checked)}
                  aria-invalid={errors.consent ? true : undefined}
                  aria-describedby={describe('consent')}
                />
                <label htmlFor={`${id}-consent`}>{s['subscribe.consent.label']}</label>
              </div>
              <p className="field__hint">
                <a href={privacyPath}>{s['subscribe.consent.privacy']}</a>
              </p>
              {errorText('consent')}
            </div>
          </>
        )}

        {step === 2 && (
          <fieldset className="field">
            <legend>{s['subscribe.social.legend']}</legend>
            <p className="field__hint" id={`${id}-handles-hint`}>
              {s['subscribe.social.hint']}
            </p>
            <label htmlFor={`${id}-instagram`}>{s['subscribe.instagram.label']}</label>
            <input
              id={`${id}-instagram`}
              type="text"
              name="instagramName"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              value={draft.instagramName}
              onChange={(event) => update('instagramName', event.target.value)}
              aria-invalid={errors.handles ? true : undefined}
              aria-describedby={describe('handles', `${id}-handles-hint`)}
            />
            <label htmlFor={`${id}-tiktok`}>{s['subscribe.tiktok.label']}</label>
            <input
              id={`${id}-tiktok`}
              type="text"
              name="tiktokName"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              value={draft.tiktokName}
              onChange={(event) => update('tiktokName', event.target.value)}
              aria-invalid={errors.handles ? true : undefined}
              aria-describedby={describe('handles', `${id}-handles-hint`)}
            />
            {errorText('handles')}
          </fieldset>
        )}

        {step === 3 && (
          <fieldset className="field" aria-describedby={describe('categories', `${id}-categories-hint`)}>
            <legend>{s['subscribe.categories.legend']}</legend>
            <p className="field__hint" id={`${id}-categories-hint`}>
              {s['subscribe.categories.hint']}
            </p>
            <div className="subscribe__categories">
              {categories.map((category) => (
                <div className="check" key={category.key}>
                  <input
                    id={`${id}-category-${category.key}`}
                    type="checkbox"
                    name="categories"
                    value={category.key}
                    checked={draft.categories.includes(category.key)}
                    onChange={(event) =>
                      update(
                        'categories',
                        event.target.checked
                          ? [...draft.categories, category.key]
                          : draft.categories.filter((key) => key !== category.key),
                      )
                    }
                    aria-invalid={errors.categories ? true : undefined}
                  />
                  <label htmlFor={`${id}-category-${category.key}`}>{category.label}</label>
                </div>
              ))}
            </div>
            {errorText('categories')}
          </fieldset>
        )}

        {errors.form && (
          <p className="notice notice--error" role="alert">
            {errors.form}
          </p>
        )}

        <div className="subscribe__actions">
          {step > 1 && (
            <button type="button" className="button button--ghost" onClick={back}>
              {s['subscribe.back']}
            </button>
          )}
          {step === 1 && (
            <a className="button button--ghost" href={homePath}>
              {s['subscribe.back']}
            </a>
          )}
          <button type="submit" className="button" disabled={isSending}>
            {step < 3 ? s['subscribe.next'] : isSending ? s['subscribe.sending'] : s['subscribe.submit']}
          </button>
        </div>
      </form>
    </div>
  );
}
