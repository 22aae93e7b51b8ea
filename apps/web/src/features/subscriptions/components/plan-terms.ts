import type { Plan } from '@market/contracts';
import { formatNaira } from '../../../lib/money';
import { pluralize } from '../../../lib/plural';

export const planPrice = (plan: Pick<Plan, 'monthlyPriceKobo'>) =>
  plan.monthlyPriceKobo === 0 ? 'Free' : `${formatNaira(plan.monthlyPriceKobo)} a month`;

export const planProducts = (plan: Pick<Plan, 'productLimit'>) =>
  plan.productLimit === null ? 'Unlimited products' : `Up to ${pluralize(plan.productLimit, 'product')}`;
