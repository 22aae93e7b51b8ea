import { PageHeader } from '../../../components/ui/page-header';
import { HubApplications } from '../../../features/hubs/components/hub-applications';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/merchant/hubs`: apply for a platform hub; an approved one can be named in the store profile. */
export function Component() {
  useDocumentTitle('Hubs');
  return (
    <section>
      <PageHeader
        title="Hubs"
        description="Apply to drop your parcels at a platform hub. Once approved, choose it in your store profile."
      />
      <HubApplications kind="merchant" />
    </section>
  );
}
