import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

/**
 * The tables of functions a module is handed by the composition (`interface …Needs|…Ports`), each with why it
 * is not an import of the owner's public read nor a flow's step (ADR 115 and its amendment). Keep it short: a new
 * entry is a dependency the boundary test cannot see, so it says which cycle or which provider forces it.
 */
const allowed: Record<string, string> = {
  LedgerNeeds: 'the transfer provider (Paystack or the sandbox)',
  BankAccountsNeeds: 'the bank directory and the subaccount provider, chosen by the configuration',
  SubscriptionsNeeds: 'the payments service, built with its provider and purposes',
  ReconciliationNeeds: "the provider's statements",
  ReturnsNeeds: "the payments service's card disputes, bound to its provider",
};

/**
 * Every `…Needs` / `…Ports` interface or type under a root, exported or not (a private one is a table too, handed
 * in by its module's own service), by name, with the file that declares it.
 */
function needsTables(root: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const match of fs
      .readFileSync(file, 'utf8')
      .matchAll(/^(?:export )?(?:interface|type) (\w+(?:Needs|Ports))\b/gm))
      found.set(match[1]!, path.relative(root, file));
  }
  return found;
}

describe('what modules are handed (ADR 115)', () => {
  it("hands in only the listed tables: a refund, pay on delivery, late returns, applying a coupon or a late payment's refund is a flow step", () => {
    const found = needsTables(SRC);
    const unlisted = [...found]
      .filter(([name]) => !(name in allowed))
      .map(([name, file]) => `${name} (${file})`);
    expect(unlisted).toEqual([]);
    // A table that is gone leaves the list too, so the list says what is handed in today.
    expect(Object.keys(allowed).filter((name) => !found.has(name))).toEqual([]);
  });
});
