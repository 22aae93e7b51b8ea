import { PageHeader } from '../../../components/ui/page-header';
import { ContactMessages } from '../../../features/contact/components/contact-messages';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

/** `/admin/contact`: messages from the contact form. */
export function Component() {
  useDocumentTitle('Contact messages');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Contact messages"
        description="Sent through the contact form; each is also mailed to the support address."
      />
      <AreaTabs bar="community" />
      <ContactMessages />
    </CatalogAdminOnly>
  );
}
