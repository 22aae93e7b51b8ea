import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { ReadOnlyUnless } from '../../../features/auth/components/read-only-unless';
import { StorePodSetting } from '../../../features/pay-on-delivery/components/store-pod-setting';
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
      <ReadOnlyUnless
        permission="store:profile:write"
        note="Your role can see the store profile but not change it."
      >
        <StoreProfileEditor />
        <div className="mt-6">
          <StorePodSetting canChange />
        </div>
      </ReadOnlyUnless>
    </section>
  );
}
