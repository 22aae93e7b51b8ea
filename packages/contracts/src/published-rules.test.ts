import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shippingAddressUpdateBody } from './addresses.js';
import { email } from './common.js';
import { transactionsQuery } from './finance.js';
import { NUL_FREE_PATTERN, RULES_KEY } from './published-rules.js';
import { salesReportQuery } from './reports.js';

const inputSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

describe('the rules the document publishes (ADR 085)', () => {
  it("publishes the server's e-mail rule as a pattern that says yes exactly where the server does", () => {
    const pattern = new RegExp((inputSchema(email) as { pattern: string }).pattern, 'u');
    const samples = [
      'ada@example.com',
      'ada.obi+shop@mail.example.ng',
      "o'neil@example.com",
      'a_b-c@sub-domain.example.co',
      '.ada@example.com',
      'ada.@example.com',
      'ada..obi@example.com',
      'ada@example',
      'ada@-example.com',
      'ada@example.c',
      'ada@[127.0.0.1]',
      '"ada"@example.com',
      'ada@example.com1',
      'ada@exa_mple.com',
      'ada@example..com',
    ];
    for (const sample of samples) expect(pattern.test(sample), sample).toBe(email.safeParse(sample).success);
    // format: email alone would let these through; the pattern does not.
    expect(pattern.test('"ada"@example.com')).toBe(false);
    expect(pattern.test('ada@[127.0.0.1]')).toBe(false);
  });

  it('refuses NUL by its pattern and nothing else', () => {
    const pattern = new RegExp(NUL_FREE_PATTERN, 'u');
    expect(pattern.test('Ada, Ọbáfẹ́mi 💚\n\t')).toBe(true);
    expect(pattern.test('a\u0000b')).toBe(false);
  });

  it('says rules across fields with JSON Schema where it can, and in words always', () => {
    const update = inputSchema(shippingAddressUpdateBody);
    expect(update.anyOf).toContainEqual({ required: ['fullName'] });
    expect(update[RULES_KEY]).toEqual([
      { fields: [], rule: 'Change at least one field' },
      { fields: ['stateOrRegion', 'lga'], rule: 'lga must be an LGA of stateOrRegion' },
    ]);
    const transactions = inputSchema(transactionsQuery);
    expect(transactions.dependentRequired).toEqual({ from: ['to'], to: ['from'] });
    expect((transactions[RULES_KEY] as { rule: string }[]).map((rule) => rule.rule)).toEqual([
      'to must not be before from',
      'at most 366 days from from to to, both counted',
      'give both from and to, or neither',
    ]);
    expect(inputSchema(salesReportQuery)[RULES_KEY]).toHaveLength(2);
  });
});
