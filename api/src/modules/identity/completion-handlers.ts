import type { AppVariables } from '../../lib/context.ts';
import type { CompletionHandlers } from './bankid-orders.service.ts';
import { verifyIdentityOnCompletion } from './identity.service.ts';

/** What each kind of completed BankID order does. */
export function completionHandlers(vars: Pick<AppVariables, 'secrets'>): CompletionHandlers {
  return {
    identify: verifyIdentityOnCompletion(vars.secrets),
    sign_claim: async () => {
      throw new Error('signing orders are not started yet');
    },
  };
}
