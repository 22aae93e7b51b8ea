import { type AuditSubjectType, auditSubjectTypes } from '@market/contracts';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { AuditTrailScreen } from '../../../features/audit/components/audit-trail-screen';
import { useDocumentTitle } from '../../../lib/document-title';

/** `/admin/audit`: the audit trail of decisions about money, access and approvals (ADR 072). */
export function Component() {
  useDocumentTitle('Audit trail');
  // `?subjectType=order&subjectId=…` (the order page's link) opens one subject's trail.
  const [search] = useSearchParams();
  const type = search.get('subjectType') as AuditSubjectType | null;
  const id = search.get('subjectId')?.trim().slice(0, 100);
  const subject = type && auditSubjectTypes.includes(type) ? { type, id: id ?? '' } : undefined;
  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Who changed what, when and from where: approvals, refunds, disputes, payouts, commissions, roles, staff, prices and stock. Lines cannot be changed or deleted."
      />
      <AuditTrailScreen key={subject ? `${subject.type}:${subject.id}` : 'all'} subject={subject} />
    </>
  );
}
