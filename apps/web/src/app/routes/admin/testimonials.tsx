import { PageHeader } from '../../../components/ui/page-header';
import { AdminTestimonials } from '../../../features/testimonials/components/admin-testimonials';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

/** `/admin/testimonials`: approve platform testimonials for the home page. */
export function Component() {
  useDocumentTitle('Testimonials');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Testimonials"
        description="Approved testimonials show on the home page with the author's first name."
      />
      <AreaTabs bar="community" />
      <AdminTestimonials />
    </CatalogAdminOnly>
  );
}
