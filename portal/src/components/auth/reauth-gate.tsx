import { Suspense, useEffect, useState } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { provideReauthentication } from '../../lib/reauth-gate';

const ReauthDialog = lazyNamed(() => import('./reauth-dialog'), 'ReauthDialog');

/**
 * Answers the API's requests for a recent sign-in (lib/reauth-gate.ts) with the password dialog,
 * loaded on the first request: the signed-in frame, the home included, does not load it first.
 * Mounted once in the signed-in layout.
 */
export function ReauthGate() {
  const [answer, setAnswer] = useState<((confirmed: boolean) => void) | null>(null);
  useEffect(() => provideReauthentication(() => new Promise<boolean>((resolve) => setAnswer(() => resolve))), []);
  if (!answer) return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog
        onClose={(confirmed) => {
          answer(confirmed);
          setAnswer(null);
        }}
      />
    </Suspense>
  );
}
