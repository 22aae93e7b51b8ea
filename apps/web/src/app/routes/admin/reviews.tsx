import { PageHeader } from '../../../components/ui/page-header';
import { AdminReviews } from '../../../features/reviews/components/admin-reviews';
import { useDocumentTitle } from '../../../lib/document-title';
import { AreaTabs } from '../../layouts/area-tabs';
import { CatalogAdminOnly } from './catalog-admin-only';

/** `/admin/reviews`: moderation of product and store reviews. */
export function Component() {
  useDocumentTitle('Reviews');
  return (
    <CatalogAdminOnly>
      <PageHeader
        title="Reviews"
        description="Hide abusive reviews: they leave the product and store pages and their ratings."
      />
      <AreaTabs bar="community" />
      <AdminReviews />
    </CatalogAdminOnly>
  );
}
