import { describe, expect, it } from 'vitest';
import {
  PURCHASE_CHANGE_STATUS as C,
  deriveOrderStatus,
  PURCHASE_ORDER_TRANSITIONS,
  purchaseChangeMachine,
  purchaseOrderMachine,
  PURCHASE_ORDER_STATUS as S,
} from './purchase-orders.states.ts';

describe('deriveOrderStatus', () => {
  it('follows the lines: a proposal wins, then all confirmed, then some', () => {
    expect(deriveOrderStatus({ pending: 3, confirmed: 0, proposed: 0 })).toBe(S.SENT);
    expect(deriveOrderStatus({ pending: 2, confirmed: 1, proposed: 0 })).toBe(S.PARTIALLY_CONFIRMED);
    expect(deriveOrderStatus({ pending: 0, confirmed: 2, proposed: 1 })).toBe(S.COUNTER_PROPOSED);
    expect(deriveOrderStatus({ pending: 1, confirmed: 0, proposed: 1 })).toBe(S.COUNTER_PROPOSED);
    expect(deriveOrderStatus({ pending: 0, confirmed: 4, proposed: 0 })).toBe(S.CONFIRMED);
  });
});

describe('transition table', () => {
  const all = () => true;
  it('gives each side only its own steps', () => {
    expect(purchaseOrderMachine.available('buyer', S.DRAFT, all)).toEqual(['send', 'cancel']);
    expect(purchaseOrderMachine.available('supplier', S.DRAFT, all)).toEqual([]);
    expect(purchaseOrderMachine.available('supplier', S.SENT, all)).toEqual(['confirm']);
    expect(purchaseOrderMachine.available('buyer', S.COUNTER_PROPOSED, all)).toEqual(['accept', 'reject', 'cancel']);
    expect(purchaseOrderMachine.available('buyer', S.CONFIRMED, all)).toEqual(['close', 'cancel']);
    expect(purchaseOrderMachine.available('buyer', S.CLOSED, all)).toEqual([]);
    expect(purchaseChangeMachine.available('buyer', C.DRAFT, all)).toEqual(['send', 'cancel']);
    expect(purchaseChangeMachine.available('supplier', C.SENT, all)).toEqual(['confirm']);
  });

  it('needs the permission of the row', () => {
    expect(purchaseOrderMachine.available('supplier', S.SENT, (c) => c === 'CG_TG_SURE')).toEqual([]);
    for (const t of PURCHASE_ORDER_TRANSITIONS) {
      expect(t.permission).toBe(t.side === 'buyer' ? 'CG_TG_SURE' : 'CU_OR_CO');
    }
  });
});
