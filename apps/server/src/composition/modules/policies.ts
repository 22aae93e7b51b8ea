import { createPoliciesModule } from '../../modules/policies/index.js';
import { defineModule } from '../registry.js';

export const policies = defineModule('policies', ({ deps }) => createPoliciesModule(deps));
