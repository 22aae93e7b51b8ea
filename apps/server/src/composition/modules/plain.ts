import { createAddressesModule } from '../../modules/addresses/index.js';
import { createAuditModule } from '../../modules/audit/index.js';
import { createContactModule } from '../../modules/contact/index.js';
import { createDataRightsModule } from '../../modules/data-rights/index.js';
import { createSystemModule } from '../../modules/system/index.js';
import { createTestimonialsModule } from '../../modules/testimonials/index.js';
import { plainModule } from '../registry.js';

// Modules built from the platform's deps alone: they read no other module.
export const system = plainModule('system', createSystemModule);
export const addresses = plainModule('addresses', createAddressesModule);
export const testimonials = plainModule('testimonials', createTestimonialsModule);
export const contact = plainModule('contact', createContactModule);
/** The audit trail's reading side (ADR 072); every module writes it through the platform's `recordAudit`. */
export const audit = plainModule('audit', createAuditModule);
/** Data rights (ADR 073): reads and erases through other modules' exported functions, not their services. */
export const dataRights = plainModule('data-rights', createDataRightsModule);
