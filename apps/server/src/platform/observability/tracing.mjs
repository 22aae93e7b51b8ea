// OpenTelemetry traces over OTLP (issue 33, ADR 069), preloaded with `node --import` by scripts/start.mjs when
// OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; without it nothing here loads, and
// the server pays nothing for tracing. Plain JavaScript, not bundled: it must run before the bundle imports the
// modules it instruments. The standard OTEL_* variables configure it (OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER, …).
import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';

// The bundle is an ES module: its imports are hooked by import-in-the-middle, CommonJS requires by the SDK itself.
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME ?? 'naija-market',
  traceExporter: new OTLPTraceExporter(),
  instrumentations: [
    new HttpInstrumentation({
      // Health checks and scrapes every second would drown the traces of real work.
      ignoreIncomingRequestHook: (request) => /^\/(api\/health|metrics)/.test(request.url ?? ''),
    }),
    // Fastify's own spans (routes, hooks), registered as each Fastify instance initialises.
    new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    new PgInstrumentation(),
  ],
});
sdk.start();
// The server's own SIGTERM handling closes the app; the last spans are flushed as the process exits.
process.once('beforeExit', () => void sdk.shutdown());
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => setTimeout(() => void sdk.shutdown(), 0).unref());
