import { PageHeader } from '../../../components/ui/page-header';
import { AuditTrailScreen } from '../../../features/audit/components/audit-trail-screen';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/admin/audit`: the audit trail of decisions about money, access and approvals (ADR 072). */
export function Component() {
  useDocumentTitle('Audit trail');
  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Who changed what, when and from where: approvals, refunds, disputes, payouts, commissions, roles, staff, prices and stock. Lines cannot be changed or deleted."
      />
      <AuditTrailScreen />
    </>
  );
}
