import { PageHeader } from '../../../components/ui/page-header';
import { MerchantPayouts } from '../../../features/payouts/components/merchant-payouts';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/merchant/payouts`: balances (pending, payable, approved, paid out) and the payout history. */
export function Component() {
  useDocumentTitle('Payouts');
  return (
    <section>
      <PageHeader title="Payouts" description="What you are owed and what has been paid to you." />
      <MerchantPayouts />
    </section>
  );
}
