import { NotificationsPage } from '../../../features/notifications/components/notifications-page';
import { SmsHeldPanel } from '../../../features/notifications/components/sms-held-panel';
import { useSession } from '../../../lib/session';

/** The admin's notifications and how they are told; the super admin also sees what the SMS budget held back. */
export function Component() {
  const session = useSession('admin');
  return (
    <div className="space-y-6">
      <NotificationsPage kind="admin" />
      {session?.user.accountType === 'superadmin' ? <SmsHeldPanel /> : null}
    </div>
  );
}
