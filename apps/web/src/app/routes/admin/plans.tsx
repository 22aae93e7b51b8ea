import { PageHeader } from '../../../components/ui/page-header';
import { PlansManager } from '../../../features/plan-admin/components/plans-manager';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Plans');
  return (
    <section>
      <PageHeader
        title="Subscription plans"
        description="What stores pay each month, how many products they may list and the commission on their sales."
      />
      <PlansManager />
    </section>
  );
}
