import { PageHeader } from '../../../components/ui/page-header';
import { MerchantsDirectory } from '../../../features/stores/components/merchants-directory';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/merchants?q=…&page=…`: the store directory. */
export function Component() {
  useDocumentTitle('Stores');
  return (
    <>
      <PageHeader title="Stores" description="Every approved store on Naija Market." />
      <MerchantsDirectory />
    </>
  );
}
