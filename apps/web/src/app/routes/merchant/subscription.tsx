import { PageHeader } from '../../../components/ui/page-header';
import { SubscriptionPanel } from '../../../features/subscriptions/components/subscription-panel';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Subscription');
  return (
    <section>
      <PageHeader
        title="Subscription"
        description="Your plan sets how many products you can list. Paid monthly in naira."
      />
      <SubscriptionPanel />
    </section>
  );
}
