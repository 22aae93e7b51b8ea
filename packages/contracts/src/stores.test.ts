import { describe, expect, it } from 'vitest';
import { pricingPlanDetails, pricingPlans } from './stores.js';

describe('pricing plans', () => {
  it('gives every plan a whole-kobo monthly price, dearer as the plan grows, and what it includes', () => {
    const prices = pricingPlans.map((plan) => pricingPlanDetails[plan].monthlyPriceKobo);
    for (const price of prices) expect(Number.isSafeInteger(price) && price > 0).toBe(true);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    for (const plan of pricingPlans) expect(pricingPlanDetails[plan].includes.length).toBeGreaterThan(0);
  });
});
