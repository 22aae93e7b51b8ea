import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import type { SmsBudget } from './sms.js';
import type { WhatsappConfig, WhatsappTemplateName } from './whatsapp.js';

/** What the SMS sender's steps share (ADR 106): built once by `createSmsSender`, given to each step. */
export interface SmsContext {
  db: Db;
  termii: { apiKey: string; baseUrl: string; senderId: string } | undefined;
  /** Termii's WhatsApp channel (ADR 090); without it, messages meant for WhatsApp are sent as SMS. */
  whatsapp: WhatsappConfig | undefined;
  logger: Logger;
  doFetch: typeof fetch;
  budget: SmsBudget;
  now: () => Date;
  /** The approved template a message asking for `template` goes with, when WhatsApp is configured. */
  whatsappTemplateId: (template: WhatsappTemplateName) => string | undefined;
}
