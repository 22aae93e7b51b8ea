import { adminIdsWithPermission } from '../../modules/admins/index.js';
import { liveSessionIdsAmong } from '../../modules/auth/index.js';
import { createNotificationsModule } from '../../modules/notifications/index.js';
import { activeMemberIdsWithPermission, findActiveMembership } from '../../modules/stores/index.js';
import { defineModule } from '../registry.js';

export const notifications = defineModule('notifications', ({ deps }) =>
  createNotificationsModule(deps, {
    storeMembersWith: activeMemberIdsWithPermission,
    adminsWith: adminIdsWithPermission,
    liveChecks: {
      liveSessions: (ids) => liveSessionIdsAmong(deps.db, ids),
      membershipOf: (userId) => findActiveMembership(deps.db, userId),
    },
  }),
);
