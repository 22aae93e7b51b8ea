import { PageHeader } from '../../../components/ui/page-header';
import { PoliciesManager } from '../../../features/policies/components/policies-manager';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Policies');
  return (
    <section>
      <PageHeader
        title="Policies"
        description="Shipping, returns, refunds, privacy and terms of your store, shown on your storefront and product pages."
      />
      <PoliciesManager />
    </section>
  );
}
