// Written by hand, not with useContractForm: a search or filter box that writes the address, no request body to check.
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { AreaCards } from '../../../components/layout/area-cards';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingState } from '../../../components/ui/states';
import { SearchField } from '../../../components/ui/text-field';
import { usePermissions } from '../../../features/auth/api/permissions';
import { ServiceLevelsPanel } from '../../../features/fulfilment/components/service-levels-panel';
import { displayName, useSession } from '../../../lib/session';
import { adminRoleOf, roleTitles } from '../../admin-role';
import { adminNav } from '../../layouts/admin-nav';

const descriptions: Record<string, string> = {
  '/admin/approvals': 'Products, stores, hubs and approvers waiting for a decision.',
  '/admin/catalog': 'Categories, promotions and official outlets.',
  '/admin/orders': 'All orders; assign them to dispatchers, partners or a hub.',
  '/admin/finance': 'Reports, transactions and merchant payments.',
  '/admin/shipping': 'Shipping zones, pricing and vehicles.',
  '/admin/gift-cards': 'Gift cards sold and applied.',
  '/admin/admins': 'Create admins, change roles, activate or deactivate.',
  '/admin/hubs': 'Platform hubs and applications to run or use one.',
  '/admin/merchants': 'Stores, their figures and products.',
  '/admin/returns': 'Disputed returns and refund requests.',
  '/admin/payouts': 'Merchant payouts waiting for approval, and their history.',
  '/admin/plans': 'Subscription plans stores choose from.',
  '/admin/reviews': 'Hide or show reviews; approve testimonials; read contact messages.',
  '/admin/roles': 'Custom admin roles and what each may do.',
};

/** The admin's one search box across stores; the results page keeps the query in its address. */
function QuickOrderSearch() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim()) navigate(`/admin/orders/search?${new URLSearchParams({ q: q.trim() })}`);
  };
  return (
    <search className="mb-6">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <SearchField
          label="Find an order"
          hint="Order number, customer phone, e-mail or name, across every store"
          value={q}
          onSearch={setQ}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
    </search>
  );
}

export function Component() {
  const session = useSession('admin');
  const role = adminRoleOf(session?.user.accountType);
  // A custom role's permissions replace its built-in role's, so the cards follow what the server resolves.
  const permissions = usePermissions('admin');
  const areas = adminNav(role, permissions.data?.permissions)
    .filter((item) => item.to !== '/admin')
    .map((item) => ({ ...item, description: descriptions[item.to] ?? '' }));
  return (
    <section>
      <PageHeader
        title={`${roleTitles[role]} dashboard`}
        description={`Welcome, ${displayName(session?.user)}.`}
      />
      {permissions.data?.permissions.includes('orders:read-all') ? (
        <>
          <QuickOrderSearch />
          <ServiceLevelsPanel kind="admin" />
        </>
      ) : null}
      {permissions.isPending ? (
        <LoadingState label="Loading your areas…" />
      ) : (
        <AreaCards areas={areas} label="Console areas" />
      )}
    </section>
  );
}
