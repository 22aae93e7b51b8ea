import { NotificationsPage } from '../../../features/notifications/components/notifications-page';

/** The partner's notifications and how they are told. */
export function Component() {
  return <NotificationsPage kind="partner" />;
}
