import { AreaCards } from '../../../components/layout/area-cards';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useUserData } from '../../../features/auth/api/user-data';
import { DashboardFigures } from '../../../features/merchant-dashboard/components/dashboard-figures';
import { OnboardingPrompt } from '../../../features/onboarding/components/onboarding-prompt';

const areas = [
  { to: '/merchant/onboarding', label: 'Onboarding', description: 'Identity, address, business and plan.' },
  { to: '/merchant/products', label: 'Products', description: 'Add products, prices and stock.' },
  { to: '/merchant/collections', label: 'Collections', description: 'Featured groups of your products.' },
  { to: '/merchant/orders', label: 'Orders', description: 'Accept, pack and hand over orders.' },
  { to: '/merchant/coupons', label: 'Coupons', description: 'Discounts for your customers.' },
  { to: '/merchant/reports', label: 'Reports', description: 'Sales by day, product, customer and place.' },
  { to: '/merchant/staff', label: 'Staff', description: 'Invite staff and choose what they can do.' },
  { to: '/merchant/payouts', label: 'Payouts', description: 'Bank details and payments to you.' },
  { to: '/merchant/store-profile', label: 'Store profile', description: 'Logo, description and policies.' },
  { to: '/merchant/themes', label: 'Themes', description: 'The look of your storefront.' },
];

export function Component() {
  const user = useUserData('merchant');
  if (user.isPending) return <LoadingState label="Loading your dashboard…" />;
  if (user.isError)
    return <ErrorState message="Could not get user data. Try again later." onRetry={() => user.refetch()} />;
  const data = user.data;
  const firstName = 'firstName' in data ? data.firstName : data.name;
  const storeName = 'storeName' in data ? data.storeName : null;
  return (
    <section>
      <PageHeader
        title="Merchant dashboard"
        description={`Welcome, ${firstName}.${storeName ? ` You are managing ${storeName}.` : ''}`}
      />
      <OnboardingPrompt />
      <DashboardFigures />
      <AreaCards areas={areas} label="Store areas" />
    </section>
  );
}
