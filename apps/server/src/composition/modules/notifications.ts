import { createNotificationsModule } from '../../modules/notifications/index.js';
import { defineModule } from '../registry.js';

export const notifications = defineModule('notifications', ({ deps }) => createNotificationsModule(deps));
