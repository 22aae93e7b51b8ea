import { createHubsModule } from '../../modules/hubs/index.js';
import { defineModule } from '../registry.js';

export const hubs = defineModule('hubs', ({ deps }) => createHubsModule(deps));
