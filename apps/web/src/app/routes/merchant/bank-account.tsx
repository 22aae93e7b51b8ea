import { PageHeader } from '../../../components/ui/page-header';
import { BankAccountPanel } from '../../../features/bank-account/components/bank-account-panel';
import { useDocumentTitle } from '../../../lib/document-title';

export function Component() {
  useDocumentTitle('Bank account');
  return (
    <section>
      <PageHeader title="Bank account" description="Where your store’s payouts are paid, in naira." />
      <BankAccountPanel />
    </section>
  );
}
