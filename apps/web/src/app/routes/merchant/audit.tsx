import { PageHeader } from '../../../components/ui/page-header';
import { AuditTrailScreen } from '../../../features/audit/components/audit-trail-screen';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/merchant/audit`: the store owner's own audit trail (ADR 072). */
export function Component() {
  useDocumentTitle('Audit trail');
  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Who changed your store's prices, stock, staff, roles and bank account, and the platform's decisions about your store, with when and from where."
      />
      <AuditTrailScreen scope="store" />
    </>
  );
}
