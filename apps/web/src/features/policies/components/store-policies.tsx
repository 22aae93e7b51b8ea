import { policyTypeLabels } from '@market/contracts';
import { useStorePolicies } from '../api/get-store-policies';
import { PolicyText } from './policy-text';

/**
 * A store's policies on its storefront and product pages: one native disclosure per policy (keyboard and screen
 * reader friendly with no script of its own). Nothing is shown when the store has none.
 */
export function StorePolicies({ storeId, storeName }: { storeId: string; storeName?: string }) {
  const policies = useStorePolicies(storeId);
  const headingId = `store-policies-${storeId}`;
  if (policies.isPending) {
    return (
      <p className="text-sm text-slate-600" aria-live="polite">
        Loading the store’s policies…
      </p>
    );
  }
  if (policies.isError) {
    return (
      <p className="text-sm text-slate-700" role="status">
        The store’s policies could not be loaded.{' '}
        <button
          type="button"
          className="min-h-11 font-semibold text-emerald-800 underline"
          onClick={() => policies.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  if (policies.data.count === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {storeName ? `${storeName} policies` : 'Store policies'}
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {policies.data.rows.map((policy) => (
          <li key={policy.id}>
            <details className="group py-2">
              <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 font-semibold text-slate-900">
                <span>
                  {policy.title}
                  <span className="ml-2 text-sm font-normal text-slate-600">
                    {policyTypeLabels[policy.type]}
                  </span>
                </span>
                <span aria-hidden="true" className="text-slate-600 group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <div className="pt-1 pb-2 text-sm">
                <PolicyText body={policy.body} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
