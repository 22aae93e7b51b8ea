import { createStaffModule } from '../../modules/staff/index.js';
import { defineModule } from '../registry.js';
import { auth } from './auth.js';

export const staff = defineModule('staff', ({ deps, use }) =>
  createStaffModule(deps, { auth: use(auth).service }),
);
