import type { BlockedPayeeView, PayoutAnswerPreview, PayoutBatchView, PayoutView } from '@kollab/contract/api/payouts';

// The answers' shapes come from the contract (type-only imports: nothing of zod reaches the bundle).
export type { BlockedPayeeView, PayoutAnswerPreview, PayoutBatchView, PayoutView };

export const PAYOUT_STATUSES = ['sent', 'paid', 'returned'] as const satisfies readonly PayoutView['status'][];
export const PAYOUT_RAILS = ['bank', 'swish'] as const satisfies readonly PayoutView['rail'][];
export type BlockProblem = BlockedPayeeView['problem'];
export type AnswerEffect = PayoutAnswerPreview['lines'][number]['effect'];
