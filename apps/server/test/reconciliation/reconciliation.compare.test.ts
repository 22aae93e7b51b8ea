import { describe, expect, it } from 'vitest';
import { compareStatements } from '../../src/modules/reconciliation/reconciliation.compare.js';
import { lagosDayStart } from '../../src/platform/payments/sandbox-statements.js';

// The settlement rules of ADR 065 (subaccount mode): Paystack settles each subaccount's shares of a Lagos day at the
// start of the next (T+1); the books post each share when its payment settles.

const window = { from: new Date('2026-11-19T23:00:00.000Z'), to: new Date('2026-11-20T23:00:00.000Z') };
const empty = { transactions: [], refunds: [], transfers: [] };
const noBooks = { payments: [], refunds: [], payouts: [], settlements: [], subaccounts: new Set<string>() };

describe('settlements against the books', () => {
  it("agree when Paystack settled on the 20th what the books posted on the 19th; differ otherwise; a stranger's subaccount is reported", () => {
    const settledAt = new Date('2026-11-20T00:00:00.000Z');
    const day19 = lagosDayStart(new Date('2026-11-19T12:00:00.000Z'));
    const books = {
      ...noBooks,
      subaccounts: new Set(['ACCT_known1', 'ACCT_known2', 'ACCT_known3']),
      settlements: [
        { storeId: 's1', subaccount: 'ACCT_known1', day: day19, amountKobo: 100_000 },
        { storeId: 's2', subaccount: 'ACCT_known2', day: day19, amountKobo: 50_000 },
      ],
    };
    const differences = compareStatements(
      window,
      {
        ...empty,
        settlements: [
          { id: '1', subaccount: 'ACCT_known1', status: 'success', amountKobo: 100_000, settledAt },
          { id: '2', subaccount: 'ACCT_known2', status: 'success', amountKobo: 40_000, settledAt },
          { id: '3', subaccount: 'ACCT_known3', status: 'success', amountKobo: 7_000, settledAt },
          { id: '4', subaccount: 'ACCT_stranger', status: 'success', amountKobo: 9_000, settledAt },
        ],
      },
      books,
    );
    expect(
      differences.map((one) => [one.kind, one.reference, one.booksAmountKobo, one.providerAmountKobo]),
    ).toEqual([
      ['settlement_unknown_subaccount', '4', null, 9_000],
      ['settlement_differs', 'ACCT_known2 2026-11-20', 50_000, 40_000],
      ['settlement_differs', 'ACCT_known3 2026-11-20', 0, 7_000],
    ]);
  });

  it('are not compared outside subaccount mode', () => {
    expect(compareStatements(window, empty, noBooks)).toEqual([]);
  });
});
