import { PageHeader } from '../../../components/ui/page-header';
import { ServiceLevelLimitsForm } from '../../../features/fulfilment/components/service-level-limits-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';

/** `/admin/orders/service-levels`: the limits after which an order is late (issue 35). */
export function Component() {
  useDocumentTitle('Service-level limits');
  return (
    <section className="space-y-4">
      <PageHeader
        title="Service-level limits"
        description="How long an order may wait in each step before it counts as late. The store, its carrier and admins are told once per order."
      />
      <AreaTabs bar="orders" />
      <ServiceLevelLimitsForm />
    </section>
  );
}
