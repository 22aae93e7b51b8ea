import { AreaCards } from '../../../components/layout/area-cards';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { usePermissions } from '../../../features/auth/api/permissions';
import { useUserData } from '../../../features/auth/api/user-data';
import { ScorecardPanel } from '../../../features/fulfilment/components/scorecard-panel';
import { ServiceLevelsPanel } from '../../../features/fulfilment/components/service-levels-panel';
import { DashboardFigures } from '../../../features/merchant-dashboard/components/dashboard-figures';
import { SetupGuide } from '../../../features/merchant-dashboard/components/setup-guide';
import { OnboardingPrompt } from '../../../features/onboarding/components/onboarding-prompt';
import { roleLabel as storeRoleLabel } from '../../../features/staff/components/role-options';
import { ApprovalProgress } from '../../../features/store-profile/components/approval-progress';
import { merchantNav } from '../../layouts/merchant-nav';

const descriptions: Record<string, string> = {
  '/merchant/onboarding': 'Identity, address, business and plan.',
  '/merchant/products': 'Add products, prices and stock.',
  '/merchant/collections': 'Featured groups of your products.',
  '/merchant/orders': 'Accept, pack and hand over orders.',
  '/merchant/returns': 'Returns and replacements your customers asked for.',
  '/merchant/coupons': 'Discounts for your customers.',
  '/merchant/reports': 'Sales by day, product, customer and place.',
  '/merchant/reviews': 'What customers say, and your replies.',
  '/merchant/staff': 'Invite staff and choose what they can do.',
  '/merchant/payouts': 'Bank details and payments to you.',
  '/merchant/bank-account': 'The account your payouts go to.',
  '/merchant/subscription': 'Your plan and its invoices.',
  '/merchant/policies': 'Shipping, returns, refunds, privacy and terms.',
  '/merchant/store-profile': 'Logo, description and platform hub.',
  '/merchant/hubs': 'Apply to use or run a platform hub.',
  '/merchant/themes': 'The look of your storefront.',
};

export function Component() {
  const user = useUserData('merchant');
  const permissions = usePermissions('merchant');
  if (user.isPending || permissions.isPending) return <LoadingState label="Loading your dashboard…" />;
  if (user.isError)
    return <ErrorState message="Could not get user data. Try again later." onRetry={() => user.refetch()} />;
  const data = user.data;
  const access = permissions.data;
  // The areas this role can open: the same list as the navigation (without the dashboard itself).
  const areas = merchantNav(access)
    .filter((item) => item.to !== '/merchant')
    .map((item) => ({ to: item.to, label: item.label, description: descriptions[item.to] ?? '' }));
  const isOwner = access?.role === 'owner';
  const seesFigures = access?.permissions.includes('reports:read') ?? false;
  const firstName = 'firstName' in data ? data.firstName : data.name;
  const storeName = 'storeName' in data ? data.storeName : null;
  return (
    <section>
      <PageHeader
        title="Merchant dashboard"
        description={`Welcome, ${firstName}.${storeName ? ` You are managing ${storeName}.` : ''}`}
      />
      {isOwner ? <OnboardingPrompt /> : null}
      {isOwner ? <ApprovalProgress /> : null}
      {access?.permissions.includes('bank:write') ? <SetupGuide /> : null}
      {access?.permissions.includes('orders:read') ? (
        <>
          <ServiceLevelsPanel kind="merchant" />
          <ScorecardPanel kind="merchant" />
        </>
      ) : null}
      {seesFigures ? (
        <DashboardFigures />
      ) : (
        <p className="mb-4 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
          Your role{access?.role ? ` (${storeRoleLabel(access.role)})` : ''} does not include the store's
          figures. Ask the store owner if you need them.
        </p>
      )}
      <AreaCards areas={areas} label="Store areas" />
    </section>
  );
}
