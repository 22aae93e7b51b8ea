import {
  type AccountKind,
  DIGESTED_KINDS,
  type NotificationKind,
  notificationKinds,
  offeredChannels,
} from '@market/contracts';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { SmsMessage } from '../../platform/sms/sms.js';
import { notificationPreferences, notificationSettings } from './notifications.schema.js';
import type { Wording } from './notifications.wording.js';

export type Channels = { inApp: boolean; email: boolean; sms: boolean; whatsapp: boolean };

const digested: ReadonlySet<string> = new Set(DIGESTED_KINDS);

/** What one recipient's settings say, for the fan-out. */
export interface RecipientSettings {
  /** The number WhatsApp messages go to, when the account opted in (consent given with it); else null. */
  whatsappPhone: string | null;
  dailyDigest: boolean;
}

/**
 * Each (user, kind)'s channels for a batch, in two queries however many: the account's choice or the catalogue's
 * default, limited to what the kind offers; WhatsApp only with the account's own opt-in; and for an admin who chose
 * the daily digest, the digested kinds in the app only (the digest tells them once a day).
 */
export async function channelsOfBatch(
  executor: Db,
  pairs: { userId: string; kind: NotificationKind }[],
): Promise<{
  channels(userId: string, account: AccountKind, kind: NotificationKind): Channels;
  settings(userId: string): RecipientSettings;
}> {
  const userIds = [...new Set(pairs.map((pair) => pair.userId))];
  const kinds = [...new Set(pairs.map((pair) => pair.kind))];
  const [rows, settingRows] = userIds.length
    ? await Promise.all([
        executor
          .select()
          .from(notificationPreferences)
          .where(
            and(
              inArray(notificationPreferences.userId, userIds),
              inArray(notificationPreferences.kind, kinds),
            ),
          ),
        executor.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds)),
      ])
    : [[], []];
  const chosen = new Map(rows.map((row) => [`${row.userId}:${row.kind}`, row]));
  const settingsOf = new Map(
    settingRows.map((row) => [
      row.userId,
      {
        whatsappPhone: row.whatsappPhone && row.whatsappConsentAt ? row.whatsappPhone : null,
        dailyDigest: row.dailyDigest,
      },
    ]),
  );
  const settings = (userId: string): RecipientSettings =>
    settingsOf.get(userId) ?? { whatsappPhone: null, dailyDigest: false };
  return {
    settings,
    channels(userId, account, kind) {
      const offered = offeredChannels(kind);
      const row = chosen.get(`${userId}:${kind}`);
      const { inApp, email, sms } = row ?? notificationKinds[kind].defaults;
      const mine = settings(userId);
      const inDigest = account === 'admin' && mine.dailyDigest && digested.has(kind);
      return {
        inApp: inApp && offered.includes('inApp'),
        email: !inDigest && email && offered.includes('email'),
        sms: !inDigest && sms && offered.includes('sms'),
        whatsapp:
          !inDigest &&
          (row?.whatsapp ?? false) &&
          offered.includes('whatsapp') &&
          mine.whatsappPhone !== null,
      };
    },
  };
}

/**
 * The phone messages of a batch's fresh notifications: one per notification at most, counted in the SMS budget.
 * WhatsApp where chosen (with its template; the sender makes it an SMS when WhatsApp is not configured), else SMS
 * where chosen and the account has a phone.
 */
export function phoneMessages(
  told: {
    person: { id: string; kind: AccountKind; firstName: string; phone: string | null };
    kind: NotificationKind;
    orderId: string | null;
    wording: Wording;
  }[],
  recipients: Awaited<ReturnType<typeof channelsOfBatch>>,
): SmsMessage[] {
  return told.flatMap(({ person, kind, orderId, wording }): SmsMessage[] => {
    const channels = recipients.channels(person.id, person.kind, kind);
    // The SMS budget counts per order, and lets an assignment's text settle (issue 31).
    const about = { text: wording.sms, kind, orderId };
    const whatsappPhone = recipients.settings(person.id).whatsappPhone;
    if (channels.whatsapp && whatsappPhone)
      return [
        {
          ...about,
          to: whatsappPhone,
          whatsapp: {
            template: wording.whatsapp.template,
            data: { first_name: person.firstName, ...wording.whatsapp.data },
          },
        },
      ];
    if (channels.sms && person.phone) return [{ ...about, to: person.phone }];
    return [];
  });
}
