import { PageHeader } from '../../../components/ui/page-header';
import { MerchantReviews } from '../../../features/reviews/components/merchant-reviews';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/merchant/reviews`: reviews of the store and its products, with the store's replies. */
export function Component() {
  useDocumentTitle('Reviews');
  return (
    <section>
      <PageHeader
        title="Reviews"
        description="What customers who received your products say. Your replies show under their reviews."
      />
      <MerchantReviews />
    </section>
  );
}
