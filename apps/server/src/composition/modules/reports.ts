import { createReportsModule } from '../../modules/reports/index.js';
import { defineModule } from '../registry.js';

export const reports = defineModule('reports', ({ deps }) => createReportsModule(deps));
