import { createThemesModule } from '../../modules/themes/index.js';
import { defineModule } from '../registry.js';

export const themes = defineModule('themes', ({ deps }) => createThemesModule(deps));
