import { adminsWithTheirPermissions } from '../../modules/admins/index.js';
import { liveSessionIdsAmong } from '../../modules/auth/index.js';
import { createNotificationsModule } from '../../modules/notifications/index.js';
import { activeMembersOfStores, findActiveMembership } from '../../modules/stores/index.js';
import { defineModule } from '../registry.js';

export const notifications = defineModule('notifications', ({ deps }) =>
  createNotificationsModule(deps, {
    storeMembersOf: activeMembersOfStores,
    adminsWithPermissions: adminsWithTheirPermissions,
    liveChecks: {
      liveSessions: (ids) => liveSessionIdsAmong(deps.db, ids),
      membershipOf: (userId) => findActiveMembership(deps.db, userId),
    },
  }),
);
