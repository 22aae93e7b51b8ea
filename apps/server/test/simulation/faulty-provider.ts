import { AppError } from '../../src/platform/errors.js';
import type { PaymentProvider, RefundResult, SandboxProvider } from '../../src/platform/payments/index.js';
import { OutcomeUnknownError } from '../../src/platform/payments/paystack-http.js';
import type { TransferProvider } from '../../src/platform/payments/transfers.js';
import type { FakePaystack } from '../support/payments.fake-paystack.js';

// The outside world misbehaving, for the money simulation (issue 29 item 6). A layer of the simulation's own around
// the providers it already drives, so the stand-ins themselves (the built-in sandbox for card refunds, the local
// Paystack stand-in for transfers) stay as they are:
// - a decorator of the payment provider (the sandbox) whose next refund can answer late (the refund is made, the
//   caller hears a timeout), never (made, then the provider stops answering until the outage ends), 5xx or 429
//   (nothing made), or crash the process before or after the provider acted;
// - a decorator of the transfer provider with the same faults on transfer and finalize; 5xx and 429 are the Paystack
//   stand-in's own switches (`error500On`, `rateLimited`), so the real adapter meets them on the wire (a 429 it
//   retries as Paystack asks, a longer one surfaces);
// - a record of what the provider really did (every refund made, every transfer initiated), the provider's side of
//   the books for the invariants, and the refund.* webhooks Paystack owes for the refunds it made, which the
//   simulation delivers once, twice, out of order, after a retry or never.

/** How the next call of a kind misbehaves. */
export type CallFault = 'late' | 'never' | '5xx' | '429' | 'crash-before' | 'crash-after';
/** `webhook`: the process dies on receiving one; `verify`: only an outage reaches it. */
export type FaultTarget = 'refund' | 'transfer' | 'finalize' | 'verify' | 'webhook';

/** Faults today's server survives; the others (late and lost answers, a crash around a refund) need issue 29. */
export const SURVIVED_TODAY: readonly CallFault[] = ['5xx', '429'];
export const LATE_ANSWERS: readonly CallFault[] = ['late', 'never'];

const NOT_ANSWERING = 'The payment provider is not answering. Please try again.';
/** How long the refund reads stay down after a refund never answered: past the simulation's bound (4 steps). */
export const READS_DOWN_STEPS = 8;
const BUSY = 'The payment provider is busy (rate limited). Please try again in a minute.';

/** Thrown into the simulation when the process "dies": the request in flight never finishes. */
export class ProcessCrashed extends Error {
  constructor(readonly where: string) {
    super(`process crashed ${where}`);
  }
}

export interface ProviderRefund {
  paymentReference: string;
  amountKobo: number;
  providerReference: string;
}

export interface OwedWebhook {
  /** What Paystack would POST (documented refund.* sample with this refund's figures). */
  payload: Record<string, unknown>;
  refund: ProviderRefund;
}

/** The provider's record and the faults armed for the next calls; shared by both decorators and the world. */
export class Faults {
  readonly armed = new Map<FaultTarget, CallFault>();
  /** Steps left during which the provider does not answer at all (after a `never`); 0: answering. */
  outageSteps = 0;
  /**
   * Steps left during which the provider's reads (its list of a transaction's refunds) do not answer, after a
   * refund that was never answered: longer than the simulation's bound, so within it only the provider's refund.*
   * webhook can settle that refund (issue 29: "a webhook settles any row that is not final"; plant C).
   */
  readsDownSteps = 0;
  /** Deliveries dropped while the reads were down: Paystack retries them, so the forced settle round brings them. */
  dropped: OwedWebhook[] = [];
  /** Payments whose refund.* webhooks were delivered while the reads were down: only those could settle them. */
  readonly heardWhileReadsDown = new Set<string>();
  readonly refundsMade: ProviderRefund[] = [];
  /** Each transfer reference, and how many times the provider accepted a transfer under it. */
  readonly transfersInitiated = new Map<string, number>();
  /** refund.* deliveries Paystack still owes (retried until answered 2xx). */
  owed: OwedWebhook[] = [];
  readonly injected: Record<string, number> = {};
  crashes = 0;
  private crashListener: ((crash: ProcessCrashed) => void) | undefined;

  constructor(private readonly refundWebhook: (refund: ProviderRefund) => Record<string, unknown>) {}

  count(kind: string) {
    this.injected[kind] = (this.injected[kind] ?? 0) + 1;
  }

  /** The simulation listens for a crash while it runs a step. */
  onCrash(listener: ((crash: ProcessCrashed) => void) | undefined) {
    this.crashListener = listener;
  }

  /** The process dies here: the simulation is told, and the call in flight never returns. */
  crash(where: string): Promise<never> {
    this.crashes += 1;
    this.crashListener?.(new ProcessCrashed(where));
    return new Promise<never>(() => undefined);
  }

  /** One step passed: an outage wears off. */
  tick() {
    if (this.outageSteps > 0) this.outageSteps -= 1;
    if (this.readsDownSteps > 0) this.readsDownSteps -= 1;
  }

  /** Takes the fault armed for this call, if any (once). */
  private take(target: FaultTarget): CallFault | undefined {
    const fault = this.armed.get(target);
    if (fault) {
      this.armed.delete(target);
      this.count(`${fault} ${target}`);
    }
    return fault;
  }

  /**
   * Runs one call of `target` through its fault: `work` is the provider really acting. Answers what the caller
   * hears (the provider's answer, an error, or nothing ever when the process crashes).
   */
  async call<T>(target: FaultTarget, work: () => Promise<T>, onWire?: (fault: '5xx' | '429') => void) {
    if (this.outageSteps > 0) {
      this.count(`no answer (outage) ${target}`);
      // As the adapter reports a request that got no answer (ADR 061): the outcome is unknown.
      throw new OutcomeUnknownError(NOT_ANSWERING);
    }
    const fault = this.take(target);
    switch (fault) {
      case undefined:
        return work();
      case '5xx':
      case '429':
        // On the wire where the stand-in can (transfers); else as the adapter reports it, nothing done.
        if (onWire) {
          onWire(fault);
          return work();
        }
        // As the adapter reports them: a 429 after its retries is a refusal, a 5xx an unknown outcome (ADR 061).
        if (fault === '429') throw new AppError('SERVICE_UNAVAILABLE', BUSY);
        throw new OutcomeUnknownError(NOT_ANSWERING);
      case 'late':
        await work();
        throw new OutcomeUnknownError(NOT_ANSWERING);
      case 'never':
        await work();
        this.outageSteps = 2;
        if (target === 'refund') this.readsDownSteps = READS_DOWN_STEPS;
        throw new OutcomeUnknownError(NOT_ANSWERING);
      case 'crash-before':
        return this.crash(`before the provider's ${target}`);
      case 'crash-after':
        await work();
        return this.crash(`after the provider's ${target}`);
    }
  }

  /** Paystack's refund.processed for a refund it made, owed until answered 2xx. */
  owe(refund: ProviderRefund) {
    this.owed.push({ refund, payload: this.refundWebhook(refund) });
  }
}

const SANDBOX_MEMBERS = new Set<string | symbol>([
  'name',
  'initialize',
  'verify',
  'refund',
  'chargeAuthorization',
  'verifySignature',
  'parseWebhook',
  'charge',
  'attempt',
  'submitOtp',
  'successWebhook',
  'disputeWebhook',
] satisfies (keyof SandboxProvider)[]);

/** The payment provider (the sandbox) with faults on refunds; every other call goes straight through. */
export function faultyPayments(faults: Faults, inner: () => SandboxProvider): SandboxProvider {
  const handler: ProxyHandler<SandboxProvider> = {
    get(_target, property) {
      // Read while the app is built, before the sandbox exists.
      if (property === 'name') return 'sandbox';
      const provider = inner();
      if (property === 'refund') {
        return (reference: string, amountKobo?: number): Promise<RefundResult> =>
          faults.call('refund', async () => {
            const result = await provider.refund(reference, amountKobo);
            const made = {
              paymentReference: reference,
              amountKobo: result.amountKobo,
              providerReference: result.providerReference ?? '',
            };
            faults.refundsMade.push(made);
            faults.owe(made);
            return result;
          });
      }
      if (property === 'listRefunds') {
        // The provider's documented read of a transaction's refunds: down for a while after a refund never answered.
        return (reference: string) => {
          if (faults.readsDownSteps > 0) {
            faults.count('no answer (reads down) refund list');
            return Promise.reject(new OutcomeUnknownError(NOT_ANSWERING));
          }
          return provider.listRefunds(reference);
        };
      }
      if (property === 'parseWebhook') {
        // A crash between receiving a webhook and acting on it: nothing recorded, so Paystack delivers it again.
        return (rawBody: Buffer) => {
          if (faults.armed.get('webhook') === 'crash-before') {
            faults.armed.delete('webhook');
            faults.count('crash-before webhook');
            return faults.crash('on receiving a webhook');
          }
          return provider.parseWebhook(rawBody);
        };
      }
      const value = provider[property as keyof SandboxProvider];
      return typeof value === 'function' ? value.bind(provider) : value;
    },
    has(_target, property) {
      // The app asks while it is built whether this is the sandbox (it serves the sandbox's payment page).
      return SANDBOX_MEMBERS.has(property);
    },
  };
  // The target only gives the proxy a shape; every read goes to the sandbox made after the app (it needs its db).
  return new Proxy({} as SandboxProvider, handler) satisfies PaymentProvider;
}

/** Paystack transfers (the real adapter against the stand-in) with faults on transfer and finalize. */
export function faultyTransfers(
  faults: Faults,
  inner: TransferProvider,
  fake: FakePaystack,
): TransferProvider {
  const onWire = (path: string) => (fault: '5xx' | '429') => {
    if (fault === '5xx') fake.state.error500On = path;
    // More 429s than the adapter's three retries: the limit reaches the server as "busy".
    else Object.assign(fake.state, { rateLimited: 4, rateLimitOn: path, retryAfter: '0' });
  };
  return {
    name: inner.name,
    createRecipient: (request) => inner.createRecipient(request),
    async transfer(request) {
      try {
        return await faults.call(
          'transfer',
          async () => {
            const result = await inner.transfer(request);
            // The stand-in accepted it: a transfer exists under this reference.
            faults.transfersInitiated.set(
              request.reference,
              (faults.transfersInitiated.get(request.reference) ?? 0) + 1,
            );
            return result;
          },
          onWire('/transfer'),
        );
      } finally {
        Object.assign(fake.state, { error500On: null, rateLimited: 0, rateLimitOn: null });
      }
    },
    verify: (reference) => faults.call('verify', () => inner.verify(reference)),
    async finalize(transferCode, otp) {
      try {
        return await faults.call(
          'finalize',
          () => inner.finalize(transferCode, otp),
          onWire('/transfer/finalize_transfer'),
        );
      } finally {
        Object.assign(fake.state, { error500On: null, rateLimited: 0, rateLimitOn: null });
      }
    },
    resendOtp: (transferCode) => inner.resendOtp(transferCode),
    balance: () => inner.balance(),
  };
}
