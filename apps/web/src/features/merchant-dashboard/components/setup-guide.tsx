import type { SetupStepKey } from '@market/contracts';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { useSetupGuide } from '../api/get-setup-guide';

/** What each step asks, and where in the dashboard it is done. */
const stepDetails: Record<SetupStepKey, { label: string; hint: string; to: string; action: string }> = {
  profile: {
    label: 'Store profile',
    hint: 'A logo, a phone number and where you ship from.',
    to: '/merchant/store-profile',
    action: 'Edit your store profile',
  },
  kyc: {
    label: 'Identity (KYC)',
    hint: 'Your ID document and proof of address, in onboarding.',
    to: '/merchant/onboarding',
    action: 'Finish your identity checks',
  },
  bankAccount: {
    label: 'Bank account',
    hint: 'Where your payouts are sent.',
    to: '/merchant/bank-account',
    action: 'Add your bank account',
  },
  policies: {
    label: 'Policies',
    hint: 'Your shipping and returns policies.',
    to: '/merchant/policies',
    action: 'Write your policies',
  },
  firstProduct: {
    label: 'First product',
    hint: 'Photos, price and stock of something you sell.',
    to: '/merchant/products/new',
    action: 'Add your first product',
  },
  theme: {
    label: 'Storefront theme',
    hint: 'Choose a look and publish it.',
    to: '/merchant/themes',
    action: 'Choose and publish a theme',
  },
  firstSale: {
    label: 'First sale',
    hint: 'A paid order from a customer. Share your store link to bring one in.',
    to: '/merchant/orders',
    action: 'See your orders',
  },
};

/**
 * The owner's setup checklist on the dashboard (issue 35 item 6): each step done or not as the server reads it,
 * with a link to where it is done. Hidden once every step is done.
 */
export function SetupGuide() {
  const guide = useSetupGuide();
  if (guide.isPending)
    return (
      <div role="status" aria-label="Loading your setup guide" className="mb-6">
        <Skeleton className="h-40" />
      </div>
    );
  if (guide.isError)
    return (
      <div className="mb-6">
        <ErrorState
          title="Could not load your setup guide"
          message="Try again in a moment."
          onRetry={() => guide.refetch()}
        />
      </div>
    );
  const { steps, doneCount, complete } = guide.data;
  if (complete) return null;
  return (
    <section
      aria-labelledby="setup-guide-title"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4 text-slate-900"
    >
      <h2 id="setup-guide-title" className="text-lg font-semibold">
        Set up your store
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {doneCount} of {steps.length} steps done. Each step links to where you do it.
      </p>
      <progress
        className="mt-3 h-2 w-full accent-emerald-700"
        max={steps.length}
        value={doneCount}
        aria-label="Setup progress"
      />
      <ol className="mt-3 divide-y divide-slate-200">
        {steps.map((step) => {
          const details = stepDetails[step.key];
          return (
            <li key={step.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span
                aria-hidden="true"
                className={`flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  step.done ? 'bg-emerald-700 text-white' : 'border-2 border-slate-500 text-slate-700'
                }`}
              >
                {step.done ? '✓' : ''}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {details.label}
                  <span className="sr-only">{step.done ? ': done' : ': not done yet'}</span>
                </p>
                {step.done ? null : <p className="text-sm text-slate-700">{details.hint}</p>}
              </div>
              {step.done ? (
                <span className="text-sm font-medium text-emerald-800">Done</span>
              ) : (
                <Link
                  to={details.to}
                  className="inline-flex min-h-11 items-center text-sm font-medium text-emerald-800 underline"
                >
                  {details.action}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
