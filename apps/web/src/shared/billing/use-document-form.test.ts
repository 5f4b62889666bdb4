import { describe, expect, it } from 'vitest';
import { MONEY_MESSAGES, computeTotals } from '@fieldwork/domain/common/money.rules';
import {
  documentFieldOfMessage,
  documentResolver,
  emptyDocumentValues,
  emptyLine,
  formPathOf,
  liveTotals,
  toDocumentBody,
  type DocumentFormValues,
} from './use-document-form';

const CUSTOMER = '7d1f3d2e-8a53-4c57-9b1a-2f0d4c6b9a10';

function values(overrides: Partial<DocumentFormValues> = {}): DocumentFormValues {
  return {
    ...emptyDocumentValues(),
    accountId: CUSTOMER,
    freight: '3',
    lines: [
      { ...emptyLine(), name: 'Filter', qty: '2', rate: '10.00', isTaxable: true, taxPercent: '8.875' },
      { ...emptyLine(), name: 'Labour', qty: '1', rate: '5.50', isTaxable: false, taxPercent: '0' },
    ],
    ...overrides,
  };
}

describe('document form model', () => {
  it('computes live totals with the domain math (2 × $10.00 taxable at 8.875% + 1 × $5.50 + freight $3)', () => {
    const live = liveTotals(values());
    const expected = computeTotals(
      [
        { qtyMilli: 2000, rateCents: 1000, isTaxable: true, taxPercentMilli: 8875 },
        { qtyMilli: 1000, rateCents: 550, isTaxable: false, taxPercentMilli: 0 },
      ],
      300,
      { required: false, amountCents: 0 },
    );
    expect(live).toEqual(expected);
    expect(live.ok && live.totals).toMatchObject({ subTotalCents: 2550, taxableSubTotalCents: 2000, taxCents: 178, freightCents: 300, totalCents: 3028 });
  });

  it("shows the domain's message when a figure cannot be read or a bound is exceeded", () => {
    expect(liveTotals(values({ freight: '1.234' }))).toEqual({ ok: false, message: MONEY_MESSAGES.tooManyDecimals('Freight', 2) });
    expect(liveTotals(values({ isDepositRequired: true, depositAmount: '1000' }))).toEqual({ ok: false, message: MONEY_MESSAGES.depositTooLarge });
    expect(
      liveTotals(
        values({
          lines: [
            { ...emptyLine(), qty: '100000', rate: '10000000' },
            { ...emptyLine(), qty: '100000', rate: '10000000' },
          ],
        }),
      ),
    ).toEqual({
      ok: false,
      message: MONEY_MESSAGES.totalTooLarge,
    });
  });

  it('builds the payload in dollars, with nulls for empty choices', () => {
    const body = toDocumentBody('estimate', values({ terms: 'Net 30', dueDate: '2026-12-01' }), 'Draft');
    expect(body).toEqual({
      mode: 'Draft',
      jobInfo: { type: 'NonJob', accountId: CUSTOMER, jobId: null, buildingUnitId: null, accountAddressId: null, billingContactId: null, siteContactId: null },
      estimateInfo: {
        terms: 'Net 30',
        dueDate: '2026-12-01',
        isDepositRequired: false,
        depositAmount: 0,
        freight: 3,
        estimateDate: null,
        estimateCustomerMessage: null,
      },
      productServices: [
        { name: 'Filter', description: null, qty: 2, rate: 10, serviceId: null, isTaxable: true, taxPercent: 8.875 },
        { name: 'Labour', description: null, qty: 1, rate: 5.5, serviceId: null, isTaxable: false, taxPercent: 0 },
      ],
    });
    expect(toDocumentBody('invoice', values(), 'Send')).toMatchObject({ mode: 'Send', invoiceInfo: { invoiceDate: null, invoiceCustomerMessage: null } });
  });

  it('validates with the domain schema and puts each message under its field', async () => {
    const resolver = documentResolver('estimate');
    const bad = values({ accountId: '', lines: [{ ...emptyLine(), name: '', qty: '', rate: '1.234' }] });
    const result = await resolver(bad, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = result.errors as Record<string, unknown> & {
      lines?: { name?: { message: string }; qty?: { message: string }; rate?: { message: string } }[];
    };
    expect(errors.lines?.[0]?.name?.message).toBe('Product/Service Name is mandatory.');
    expect(errors.lines?.[0]?.qty?.message).toBe('Quantity must be a number.');
    expect(errors.lines?.[0]?.rate?.message).toBe(MONEY_MESSAGES.tooManyDecimals('Rate', 2));
    const ok = await resolver(values(), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok.errors).toEqual({});
  });

  it('maps payload paths and server messages to form fields', () => {
    expect(formPathOf(['productServices', 1, 'qty'])).toBe('lines.1.qty');
    expect(formPathOf(['invoiceInfo', 'invoiceDate'])).toBe('date');
    expect(formPathOf(['jobInfo', 'accountAddressId'])).toBe('accountAddressId');
    expect(documentFieldOfMessage('Due Date must be a date (YYYY-MM-DD).')).toBe('dueDate');
    expect(documentFieldOfMessage('Deposit Amount cannot be more than the total.')).toBe('depositAmount');
    expect(documentFieldOfMessage('Product/Service Name is mandatory.')).toBeUndefined();
  });
});
