import { type OnboardingState, onboardingSteps } from '@market/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useOnboarding } from '../api/get-onboarding';

/** The steps of onboarding the merchant has not finished, in wizard order. */
export function stepsLeft(state: OnboardingState) {
  return onboardingSteps.filter((step) => !state.completedSteps.includes(step.key));
}

/**
 * A card on the merchant dashboard until onboarding is complete: how far the merchant is, which steps are left,
 * and a link back into the wizard. Customers cannot see the store until it is done, so it sits first.
 * Shows nothing once onboarding is complete, while loading, or when the onboarding state cannot be read (the
 * dashboard's own figures show their errors; this card is a reminder, not the page).
 */
export function OnboardingPrompt() {
  const onboarding = useOnboarding();
  if (!onboarding.data || onboarding.data.isComplete) return null;
  const state = onboarding.data;
  const left = stepsLeft(state);
  return (
    <section
      aria-labelledby="onboarding-prompt-title"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="onboarding-prompt-title" className="text-lg font-semibold">
        Finish setting up your store
      </h2>
      <p className="mt-1 text-sm">
        Customers can see your store once onboarding is complete and two approvers have approved it. You are{' '}
        {state.percentageComplete}% done.
      </p>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.percentageComplete}
        aria-valuetext={`${state.percentageComplete}% complete`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-amber-200"
      >
        <div className="h-full rounded-full bg-amber-700" style={{ width: `${state.percentageComplete}%` }} />
      </div>
      <p className="mt-3 text-sm font-medium">
        {left.length === 1 ? 'One step left:' : `${left.length} steps left:`}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        {left.map((step) => (
          <li key={step.key}>{step.label}</li>
        ))}
      </ul>
      <Link to="/merchant/onboarding" className={buttonClasses('primary', 'mt-4 w-full sm:w-auto')}>
        Continue onboarding
      </Link>
    </section>
  );
}
