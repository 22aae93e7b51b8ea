import type { AccountKind } from '@market/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/document-title';
import { NotificationChannelSettings } from './notification-channel-settings';
import { NotificationList } from './notification-list';
import { NotificationPreferences } from './notification-preferences';

/** `/…/notifications` of every account: what happened, then how the account wants to be told. */
export function NotificationsPage({ kind }: { kind: AccountKind }) {
  useDocumentTitle('Notifications');
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <section aria-labelledby="notifications-heading">
        <PageHeader title="Notifications" description="What happened that needs you, newest first." />
        <h2 id="notifications-heading" className="sr-only">
          Your notifications
        </h2>
        <NotificationList kind={kind} />
      </section>
      <section aria-labelledby="notification-settings-heading" className="space-y-3">
        <h2 id="notification-settings-heading" className="text-xl font-bold text-slate-900">
          How you are told
        </h2>
        <p className="text-slate-700">
          Choose, for each kind of news, whether it shows here, comes by e-mail, by SMS to the phone number on
          your account, or on WhatsApp once you turn it on.
        </p>
        <NotificationChannelSettings kind={kind} />
        <NotificationPreferences kind={kind} />
      </section>
    </div>
  );
}
