import { createAdminsModule } from '../../modules/admins/index.js';
import { defineModule } from '../registry.js';
import { auth } from './auth.js';

export const admins = defineModule('admins', ({ deps, use }) =>
  createAdminsModule(deps, { auth: use(auth).service }),
);
