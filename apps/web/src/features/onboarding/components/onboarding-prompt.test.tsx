import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onboardingState } from '../../../test/fixtures-catalog';
import { jsonResponse, mockFetch, renderScreen } from '../../../test/render';
import { onboardingKeys } from '../api/get-onboarding';
import { OnboardingPrompt } from './onboarding-prompt';

afterEach(() => vi.unstubAllGlobals());

describe('OnboardingPrompt', () => {
  it('lists the steps left with the percentage and links to the wizard', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Onboarding',
        data: onboardingState({ completedSteps: ['identity'], percentageComplete: 50 }),
      }),
    );
    renderScreen(<OnboardingPrompt />);
    await screen.findByRole('heading', { name: 'Finish setting up your store' });
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('3 steps left:')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Address', 'Business', 'Pricing plan']);
    expect(screen.getByRole('link', { name: 'Continue onboarding' })).toHaveAttribute(
      'href',
      '/merchant/onboarding',
    );
  });

  it('shows nothing once onboarding is complete', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        message: 'Onboarding',
        data: onboardingState({
          completedSteps: ['identity', 'address', 'business', 'pricing'],
          percentageComplete: 100,
          isComplete: true,
        }),
      }),
    );
    const { container, queryClient } = renderScreen(<OnboardingPrompt />);
    await vi.waitFor(() => expect(queryClient.getQueryState(onboardingKeys.all)?.status).toBe('success'));
    expect(container).toBeEmptyDOMElement();
  });
});
