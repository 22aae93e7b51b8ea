import { PageHeader } from '../../../components/ui/page-header';
import { FollowingList } from '../../../features/stores/components/following-list';
import { useDocumentTitle } from '../../../lib/document-title';
import { RequireSession } from '../../require-session';

/** `/account/following`: stores the signed-in customer follows. */
export function Component() {
  useDocumentTitle('Stores you follow');
  return (
    <RequireSession kind="customer">
      <PageHeader
        title="Stores you follow"
        description="New products from these stores show up first for you."
      />
      <FollowingList />
    </RequireSession>
  );
}
