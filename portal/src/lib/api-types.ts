/*
 * The API's answers, as its own schemas in @kollab/contract describe them: the portal reads the
 * same shapes the API validates and documents in /api/openapi.json, so a change there fails here.
 */
import type { PaymentMethodView } from '@kollab/contract/api/payment-methods';

export type { Category, CreatorProfileView as CreatorProfile } from '@kollab/contract/api/creators';
export type { PaymentMethodView as PaymentMethod } from '@kollab/contract/api/payment-methods';
export type { AccountSession, SessionsRevoked } from '@kollab/contract/api/sessions';
export type { UserView as User } from '@kollab/contract/api/users';

export type PaymentMethodType = PaymentMethodView['type'];
