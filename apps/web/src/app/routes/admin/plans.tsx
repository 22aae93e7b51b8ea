import { PageHeader } from '../../../components/ui/page-header';
import { PlansManager } from '../../../features/plan-admin/components/plans-manager';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Plans');
  return (
    <section>
      <PageHeader
        title="Subscription plans"
        description="What stores pay each month and how many products they may list. Commission is set by category, under Payouts."
      />
      <PlansManager />
    </section>
  );
}
