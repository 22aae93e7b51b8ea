import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { ProductForm } from '../../../features/products/components/product-form';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Add product');
  const navigate = useNavigate();
  return (
    <section>
      <PageHeader title="Add product" description="It goes live once an admin approves it." />
      <ProductForm onDone={() => navigate('/merchant/products')} />
    </section>
  );
}
