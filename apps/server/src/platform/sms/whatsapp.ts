// WhatsApp through Termii (issue 36, ADR 090). Business-initiated WhatsApp messages must use templates WhatsApp
// approved beforehand; Termii sends one with POST /api/send/template (developer.termii.com, Templates API):
// `{ phone_number, device_id, template_id, api_key, data }`, answered with
// `[{ code: 'ok', message_id, message: 'Successfully Sent', balance, user }]`. Errors use the HTTP status
// (developer.termii.com, Error): 4xx for what Termii will not do with what was sent, 5xx for its own trouble.

/** The two templates the platform asks WhatsApp to approve; their texts are in ADR 090. */
export type WhatsappTemplateName = 'order-update' | 'account-alert';

export interface WhatsappConfig {
  apiKey: string;
  baseUrl: string;
  /** The WhatsApp device (number) registered at Termii: without it there is no WhatsApp, and SMS goes instead. */
  deviceId: string;
  /** Termii's id of each approved template; a message whose template is not configured goes by SMS. */
  templates: Partial<Record<WhatsappTemplateName, string>>;
}

/**
 * What a send came to, as every outside call here has three outcomes:
 * - `done`: Termii took it (its message id);
 * - `refused`: Termii answered that it will not send it: for good (`retry: false`, the message becomes an SMS) or
 *   for now (429, 503: nothing was sent, try again later);
 * - `unknown`: the request left and no readable answer came (a timeout, a dropped connection, another 5xx, a 2xx
 *   without a message id). It may have been delivered, so it is not sent again.
 */
export type WhatsappOutcome =
  | { outcome: 'done'; messageId: string }
  | { outcome: 'refused'; retry: boolean; reason: string }
  | { outcome: 'unknown'; reason: string };

interface TermiiTemplateAnswer {
  code?: string;
  message_id?: string | number;
  message_id_str?: string;
  message?: string;
}

/** Statuses that say Termii did not take the message and may later: sending again cannot make a duplicate. */
const TRY_LATER = new Set([429, 503]);

/** Connection errors raised before a byte of the request reached Termii: nothing can have been sent. */
const NEVER_LEFT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** One template message to one number (`to` as +234…), with its outcome; never throws. */
export async function sendWhatsappTemplate(
  config: WhatsappConfig,
  message: { to: string; templateId: string; data: Record<string, string> },
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<WhatsappOutcome> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  let raw: string;
  try {
    response = await doFetch(`${config.baseUrl}/api/send/template`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        phone_number: message.to.replace(/^\+/, ''),
        device_id: config.deviceId,
        template_id: message.templateId,
        api_key: config.apiKey,
        data: message.data,
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    raw = await response.text();
  } catch (error) {
    const code = causeCode(error);
    if (code && NEVER_LEFT.has(code))
      return { outcome: 'refused', retry: true, reason: `Termii unreachable (${code})` };
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { outcome: 'unknown', reason: `No answer from Termii (${reason})` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  // The documented answer is a list of one; an object is read the same way.
  const answer = (Array.isArray(parsed) ? parsed[0] : parsed) as TermiiTemplateAnswer | undefined;
  const said = String(answer?.message ?? raw.slice(0, 120) ?? '').trim() || 'no message';
  if (response.status >= 200 && response.status < 300) {
    const messageId = answer?.message_id_str ?? answer?.message_id;
    if (messageId !== undefined && messageId !== null && String(messageId) !== '')
      return { outcome: 'done', messageId: String(messageId) };
    return { outcome: 'unknown', reason: `Termii answered ${response.status} without a message id: ${said}` };
  }
  if (TRY_LATER.has(response.status))
    return { outcome: 'refused', retry: true, reason: `Termii answered ${response.status}: ${said}` };
  if (response.status >= 400 && response.status < 500)
    return { outcome: 'refused', retry: false, reason: `Termii answered ${response.status}: ${said}` };
  return { outcome: 'unknown', reason: `Termii answered ${response.status}: ${said}` };
}
