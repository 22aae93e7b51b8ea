import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { StoreProfileEditor } from '../../../features/store-profile/components/store-profile-form';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Store profile');
  return (
    <section>
      <PageHeader
        title="Store profile"
        description="How customers see and reach your store."
        actions={
          <Link to="/merchant/onboarding" className={buttonClasses('secondary')}>
            Onboarding
          </Link>
        }
      />
      <StoreProfileEditor />
    </section>
  );
}
