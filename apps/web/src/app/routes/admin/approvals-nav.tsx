import { SubNav } from '../../../components/ui/sub-nav';

export function ApprovalsNav() {
  return (
    <SubNav
      label="Approval pages"
      items={[
        { to: '/admin/approvals', label: 'Products' },
        { to: '/admin/approvals/stores', label: 'Stores' },
        { to: '/admin/approvals/approvers', label: 'Approvers' },
      ]}
    />
  );
}
