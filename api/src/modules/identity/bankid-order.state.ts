import type { BankIdCollectAnswer, BankIdCompletionData } from '../../integrations/bankid/index.ts';

export type OrderStatus = 'pending' | 'complete' | 'failed' | 'cancelled';

/** What a collect answer does to a stored order. */
export type OrderStep =
  | { kind: 'unchanged' }
  | { kind: 'pending'; hintCode: string }
  | { kind: 'failed'; hintCode: string | null }
  | { kind: 'complete'; completionData: BankIdCompletionData };

/**
 * The collect state machine: only a pending order moves; `complete`, `failed` and `cancelled` are
 * final, whatever BankID answers later. `gone` is BankID no longer knowing the order (invalidParameters).
 */
export function stepOrder(
  current: { status: OrderStatus; hintCode: string | null },
  answer: BankIdCollectAnswer | { status: 'gone' },
): OrderStep {
  if (current.status !== 'pending') return { kind: 'unchanged' };
  switch (answer.status) {
    case 'pending':
      return answer.hintCode === current.hintCode
        ? { kind: 'unchanged' }
        : { kind: 'pending', hintCode: answer.hintCode };
    case 'failed':
      return { kind: 'failed', hintCode: answer.hintCode };
    case 'complete':
      return { kind: 'complete', completionData: answer.completionData };
    case 'gone':
      return { kind: 'failed', hintCode: null };
  }
}
