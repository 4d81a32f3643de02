/**
 * The bridge between the HTTP client and the password-confirmation dialog. A request that the API
 * refuses with `reauthentication_required` (changing the e-mail, payout methods, withdrawing after
 * the sign-in is more than a few minutes old) asks here; the dialog, while it is mounted, answers
 * true once the password is confirmed, false when the person cancels. Concurrent requests share
 * one dialog.
 */
type Asker = () => Promise<boolean>;

let asker: Asker | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the dialog; returns the function that unregisters it. */
export function provideReauthentication(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/** Asks the person to confirm their password; false when no dialog is mounted or they cancel. */
export function requestReauthentication(): Promise<boolean> {
  if (!asker) return Promise.resolve(false);
  pending ??= asker().finally(() => {
    pending = null;
  });
  return pending;
}
