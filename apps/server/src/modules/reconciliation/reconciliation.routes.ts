import { reconciliationEndpoints } from '@market/contracts';
import { type RouteDefinition, route } from '../../platform/http/routes.js';
import type { ReconciliationService } from './reconciliation.service.js';

export function reconciliationRoutes(reconciliation: ReconciliationService): RouteDefinition[] {
  return [
    route(reconciliationEndpoints.view, async ({ query }) => ({
      message: 'Reconciliation',
      data: await reconciliation.view(query.runId, query.show),
    })),
    route(reconciliationEndpoints.runs, async ({ query }) => ({
      message: 'Reconciliation runs',
      data: await reconciliation.runs(query),
    })),
    route(reconciliationEndpoints.run, async ({ auth, body }) => {
      const result = await reconciliation.run({ ...body, trigger: 'admin', by: auth.userId });
      const found = result.run?.differenceCount ?? 0;
      return {
        message:
          found === 0
            ? 'Reconciled: Paystack and the books agree'
            : `Reconciled: ${found} difference${found === 1 ? '' : 's'} to look at`,
        data: result,
      };
    }),
    route(reconciliationEndpoints.explain, async ({ auth, params, body }) => ({
      message: 'Difference marked explained',
      data: await reconciliation.explain(params.differenceId, auth.userId, body.note),
    })),
  ];
}
