import type { SalesFolder } from '../modules/catalog/index.js';
import type { Deps } from '../platform/deps.js';
import type { ServerModule } from '../platform/http/module.js';
import type {
  BankDirectory,
  PaymentProvider,
  ProviderStatements,
  SubaccountProvider,
  TransferProvider,
} from '../platform/payments/index.js';

/** The outside services a caller of buildApp may hand in (tests: sandboxes; production: built from config). */
export interface Providers {
  /** Defaults to Paystack with PAYSTACK_SECRET_KEY, else the built-in sandbox. */
  paymentProvider?: PaymentProvider;
  /** Nigerian banks and account-name look-ups; defaults like the payment provider (Paystack, else the sandbox). */
  bankDirectory?: BankDirectory;
  /** Payouts' transfers; defaults to Paystack Transfers with PAYSTACK_SECRET_KEY, else the sandbox's. */
  transferProvider?: TransferProvider;
  /** Stores' Paystack subaccounts in SETTLEMENT_MODE=subaccount; defaults like the transfers. */
  subaccountProvider?: SubaccountProvider;
  /** The provider's lists for reconciliation (ADR 065); defaults like the payment provider. */
  providerStatements?: ProviderStatements;
}

/** What an entry's build reads: the platform's deps, the providers, and any other entry, built once on first use. */
export interface Wiring {
  deps: Deps;
  providers: Providers;
  /** Units sold reach the products' and stores' counters after the payment commits (ADR 031). */
  salesFolder: SalesFolder;
  use<T>(entry: Entry<T>): T;
}

/**
 * One thing the composition builds once: a module (its service and routes) or a part several modules share (the
 * rate card cache, a refund's money steps). An entry names what it needs with `use`, so the order entries
 * are listed in never matters and adding a module touches no other entry.
 */
export interface Entry<T> {
  readonly name: string;
  build(wiring: Wiring): T;
}

export const defineEntry = <T>(name: string, build: (wiring: Wiring) => T): Entry<T> => ({ name, build });

/** A module whose build answers a `ServerModule`: the kind the surface lists mount. */
export type ModuleEntry = Entry<ServerModule>;

export const defineModule = <M extends ServerModule>(name: string, build: (wiring: Wiring) => M): Entry<M> =>
  defineEntry(name, build);

/** A module built from the platform's deps alone. */
export const plainModule = <M extends ServerModule>(name: string, create: (deps: Deps) => M): Entry<M> =>
  defineEntry(name, ({ deps }) => create(deps));

/** The memo behind `use`: each entry built at most once; a loop between entries is a wiring mistake, said at start. */
export function createWiring(parts: Omit<Wiring, 'use'>): Wiring & { built(): Map<Entry<unknown>, unknown> } {
  const built = new Map<Entry<unknown>, unknown>();
  const building: string[] = [];
  const wiring = {
    ...parts,
    use<T>(entry: Entry<T>): T {
      if (built.has(entry)) return built.get(entry) as T;
      if (building.includes(entry.name))
        throw new Error(`The composition loops: ${[...building, entry.name].join(' → ')}`);
      building.push(entry.name);
      try {
        const value = entry.build(wiring);
        built.set(entry, value);
        return value;
      } finally {
        building.pop();
      }
    },
    built: () => built,
  };
  return wiring;
}
