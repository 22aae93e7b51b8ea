/**
 * A function of a service's context as a method of the service, the context given once (ADR 091): services are
 * named module-level functions taking `(ctx, ...args)`, which navigation and call-following tools can see; the
 * service object binds them so its callers keep calling `service.method(...args)`.
 */
export const bound =
  <C, A extends unknown[], R>(ctx: C, step: (ctx: C, ...args: A) => R) =>
  (...args: A) =>
    step(ctx, ...args);
