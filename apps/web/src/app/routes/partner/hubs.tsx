import { PageHeader } from '../../../components/ui/page-header';
import { HubApplications } from '../../../features/hubs/components/hub-applications';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/shipping-partner/hubs`: apply to run or use a platform hub and follow the applications. */
export function Component() {
  useDocumentTitle('Hubs');
  return (
    <section>
      <PageHeader title="Hubs" description="Apply to run a platform hub or to collect parcels from one." />
      <HubApplications kind="partner" />
    </section>
  );
}
