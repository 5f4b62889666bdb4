import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyOnlinePayment,
  applyRefund,
  canPayDepositOnline,
  canPayInvoiceOnline,
  chosenAmount,
  isTestKey,
  lastFour,
  PAYMENT_MESSAGES,
} from './payments.rules.ts';

const sent = (totalCents: number, paidCents = 0, creditCents = 0) => ({ status: 'SENT', totalCents, paidCents, creditCents });

describe('money that moved lands on the invoice', () => {
  it('fills the balance, turns a Sent invoice Paid at its total, and keeps the rest as credit', () => {
    expect(applyOnlinePayment(sent(10_000), 4_000)).toEqual({ ...sent(10_000, 4_000), appliedCents: 4_000 });
    expect(applyOnlinePayment(sent(10_000, 4_000), 6_000)).toEqual({
      status: 'PAID',
      totalCents: 10_000,
      paidCents: 10_000,
      creditCents: 0,
      appliedCents: 6_000,
    });
    // Cash already paid it all: the card's money is all credit, never refused.
    expect(applyOnlinePayment({ ...sent(10_000, 10_000), status: 'PAID' }, 10_000)).toEqual({
      status: 'PAID',
      totalCents: 10_000,
      paidCents: 10_000,
      creditCents: 10_000,
      appliedCents: 0,
    });
    // A voided invoice owes nothing: all credit.
    expect(applyOnlinePayment({ ...sent(10_000), status: 'VOID' }, 2_500)).toMatchObject({ status: 'VOID', paidCents: 0, creditCents: 2_500 });
  });

  it('a refund takes back credit first, then reopens the balance', () => {
    const paidWithCredit = { status: 'PAID', totalCents: 10_000, paidCents: 10_000, creditCents: 3_000 };
    expect(applyRefund(paidWithCredit, 2_000)).toEqual({ ...paidWithCredit, creditCents: 1_000 });
    expect(applyRefund(paidWithCredit, 5_000)).toEqual({ status: 'SENT', totalCents: 10_000, paidCents: 8_000, creditCents: 0 });
  });

  it('property: paid never passes the total nor drops below zero, and paid + credit is what came in less what went back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.oneof(fc.record({ pay: fc.integer({ min: 1, max: 500_000 }) }), fc.record({ refund: fc.integer({ min: 1, max: 500_000 }) })), {
          maxLength: 20,
        }),
        (total, steps) => {
          let money = { ...sent(total), appliedCents: 0 } as ReturnType<typeof applyOnlinePayment>;
          let held = 0;
          for (const step of steps) {
            if ('pay' in step) {
              money = applyOnlinePayment(money, step.pay);
              held += step.pay;
            } else {
              const refund = Math.min(step.refund, money.paidCents + money.creditCents);
              money = { ...applyRefund(money, refund), appliedCents: 0 };
              held -= refund;
            }
            expect(money.paidCents).toBeGreaterThanOrEqual(0);
            expect(money.paidCents).toBeLessThanOrEqual(total);
            expect(money.creditCents).toBeGreaterThanOrEqual(0);
            expect(money.paidCents + money.creditCents).toBe(held);
            expect(money.status).toBe(money.paidCents === total ? 'PAID' : 'SENT');
          }
        },
      ),
    );
  });
});

describe('what Pay offers', () => {
  it('a Sent invoice with a balance; an approved estimate whose deposit is due', () => {
    expect(canPayInvoiceOnline({ status: 'SENT', totalCents: 100, paidCents: 0 })).toBe(true);
    expect(canPayInvoiceOnline({ status: 'SENT', totalCents: 100, paidCents: 100 })).toBe(false);
    expect(canPayInvoiceOnline({ status: 'DRAFT', totalCents: 100, paidCents: 0 })).toBe(false);
    const deposit = { status: 'APPROVED', isDepositRequired: true, depositCents: 5_000, isConverted: false };
    expect(canPayDepositOnline(deposit)).toBe(true);
    expect(canPayDepositOnline({ ...deposit, status: 'SENT' })).toBe(false);
    expect(canPayDepositOnline({ ...deposit, isConverted: true })).toBe(false);
    expect(canPayDepositOnline({ ...deposit, depositCents: 0 })).toBe(false);
  });

  it('the whole balance, or a part where allowed, within the minimum and the balance', () => {
    expect(chosenAmount(30_000, undefined, false)).toEqual({ ok: true, amountCents: 30_000 });
    expect(chosenAmount(30_000, 30_000, false)).toEqual({ ok: true, amountCents: 30_000 });
    expect(chosenAmount(30_000, 10_000, false)).toEqual({ ok: false, message: PAYMENT_MESSAGES.partialNotAllowed });
    expect(chosenAmount(30_000, 10_000, true)).toEqual({ ok: true, amountCents: 10_000 });
    expect(chosenAmount(30_000, 49, true)).toEqual({ ok: false, message: PAYMENT_MESSAGES.amountTooSmall });
    expect(chosenAmount(30_000, 30_001, true)).toEqual({ ok: false, message: PAYMENT_MESSAGES.amountOverBalance });
    // Stripe takes nothing below its minimum: such a balance is recorded by hand.
    expect(chosenAmount(30, undefined, true)).toEqual({ ok: false, message: PAYMENT_MESSAGES.amountTooSmall });
  });

  it('secrets show their last four characters; test keys are told apart', () => {
    expect(lastFour('sk_test_abcdef1234')).toBe('1234');
    expect(lastFour(null)).toBeNull();
    expect(isTestKey('sk_test_x')).toBe(true);
    expect(isTestKey('rk_test_x')).toBe(true);
    expect(isTestKey('sk_live_x')).toBe(false);
  });
});
