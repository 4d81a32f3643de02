import type { AppVariables } from '../../lib/context.ts';
import { keepSignedAgreement } from '../agreements/agreements.service.ts';
import type { CompletionHandlers } from './bankid-orders.service.ts';
import { verifyIdentityOnCompletion } from './identity.service.ts';

/** What each kind of completed BankID order does. */
export function completionHandlers(vars: Pick<AppVariables, 'secrets'>): CompletionHandlers {
  return {
    identify: verifyIdentityOnCompletion(vars.secrets),
    sign_claim: keepSignedAgreement(vars.secrets),
  };
}
