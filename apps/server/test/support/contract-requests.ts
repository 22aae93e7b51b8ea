import { type Endpoint, type OptionalUrlParts, urlOf } from '@market/contracts';

// A test's request is built from the contract's endpoint (issue 30, ADR 112), the way the web client builds its calls
// (apps/web/src/lib/api-client.ts): a path changed in the contract changes every test that calls it, and a test names
// the operation it calls, not a string that happens to reach it. URLs a test must write by hand (a malformed path, an
// unknown route, a raw query string for the parser) stay literal; test/architecture/url-literals.test.ts counts them.
// The URL itself is the contract's `urlOf` (packages/contracts/src/endpoint-url.ts), which the web app's tests use too.

export { urlOf };

/** The method and URL of a request to `endpoint`, to spread into `app.inject({ ...requestOf(...), headers })`. */
export function requestOf<E extends Endpoint>(
  endpoint: E,
  ...parts: OptionalUrlParts<E>
): { method: E['method']; url: string } {
  return { method: endpoint.method, url: urlOf(endpoint, ...parts) };
}
