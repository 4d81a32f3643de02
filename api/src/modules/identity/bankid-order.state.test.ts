import { describe, expect, it } from 'vitest';
import type { BankIdCompletionData } from '../../integrations/bankid/index.ts';
import { type OrderStatus, stepOrder } from './bankid-order.state.ts';

const completionData: BankIdCompletionData = {
  user: { personalNumber: '199203150006', name: 'Anna Andersson', givenName: 'Anna', surname: 'Andersson' },
  device: { ipAddress: '192.0.2.1' },
  bankIdIssueDate: '2024-01-15',
  signature: 'PHNpZz4=',
  ocspResponse: 'b2NzcA==',
};
const pending = (hintCode: string) => ({ orderRef: 'o', status: 'pending' as const, hintCode });
const failed = (hintCode: string) => ({ orderRef: 'o', status: 'failed' as const, hintCode });
const complete = { orderRef: 'o', status: 'complete' as const, completionData };

describe('the collect state machine', () => {
  it('moves a pending order on every new hintCode, and only then', () => {
    expect(stepOrder({ status: 'pending', hintCode: 'outstandingTransaction' }, pending('userSign'))).toEqual({
      kind: 'pending',
      hintCode: 'userSign',
    });
    expect(stepOrder({ status: 'pending', hintCode: 'userSign' }, pending('userSign'))).toEqual({ kind: 'unchanged' });
  });

  it('ends a pending order as failed with the hintCode, or complete with the completion data', () => {
    for (const hintCode of ['userCancel', 'expiredTransaction', 'startFailed', 'cancelled', 'certificateErr']) {
      expect(stepOrder({ status: 'pending', hintCode: 'userSign' }, failed(hintCode))).toEqual({
        kind: 'failed',
        hintCode,
      });
    }
    expect(stepOrder({ status: 'pending', hintCode: 'userSign' }, complete)).toEqual({
      kind: 'complete',
      completionData,
    });
    expect(stepOrder({ status: 'pending', hintCode: null }, { status: 'gone' })).toEqual({
      kind: 'failed',
      hintCode: null,
    });
  });

  it('never moves a finished order, whatever BankID answers afterwards', () => {
    const finals: OrderStatus[] = ['complete', 'failed', 'cancelled'];
    for (const status of finals) {
      for (const answer of [pending('userSign'), failed('userCancel'), complete, { status: 'gone' as const }]) {
        expect(stepOrder({ status, hintCode: null }, answer)).toEqual({ kind: 'unchanged' });
      }
    }
  });
});
