import { formatNaira } from '@market/contracts';
import {
  SANDBOX_BASE,
  SANDBOX_CARDS,
  SANDBOX_OTP,
  type SandboxCharge,
} from '../../platform/payments/sandbox.js';

// Plain server-rendered HTML with no script: it works on slow phones and under a CSP with no script at all.

export const SANDBOX_STYLESHEET_PATH = `${SANDBOX_BASE}/assets/checkout.css`;

export const SANDBOX_STYLESHEET = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f3f5f4;color:#1a1a1a;line-height:1.4}
main{max-width:420px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
.merchant{font-size:.95rem;color:#444;margin:0}
.amount{font-size:1.8rem;font-weight:700;margin:4px 0 4px}
.email{color:#555;margin:0 0 16px;font-size:.9rem;word-break:break-all}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;font-size:1.1rem;padding:12px;border:1px solid #767676;border-radius:8px}
input:focus{outline:3px solid #0b6e4f;outline-offset:1px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{width:100%;margin-top:20px;padding:14px;font-size:1.1rem;font-weight:700;color:#fff;background:#0b6e4f;border:0;border-radius:8px;cursor:pointer}
button:focus{outline:3px solid #1a1a1a;outline-offset:2px}
.error{color:#a4000f;font-weight:600;margin:8px 0 0}
.badge{display:inline-block;background:#fff3cd;color:#664d03;border-radius:6px;padding:2px 8px;font-size:.8rem;font-weight:700}
.hint{font-size:.85rem;color:#444;margin-top:16px}
.hint code{font-size:.85rem}
a{color:#0b6e4f}`;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Naija Market</title>
<link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}">
</head>
<body>
<main>
<div class="card">
<p class="merchant">Naija Market <span class="badge">Sandbox</span></p>
${body}
</div>
</main>
</body>
</html>`;
}

function summary(charge: SandboxCharge): string {
  return `<p class="amount">${formatNaira(charge.amountKobo)}</p>
<p class="email">${escapeHtml(charge.email)}</p>`;
}

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

export interface CardFormState {
  /** The last attempt was declined (card or OTP); the payer may try again. */
  declined?: boolean;
  error?: { field: 'cardNumber' | 'expiry' | 'cvv'; message: string };
  values?: { cardNumber?: string; expiry?: string };
}

function field(name: string, label: string, attributes: string, state: CardFormState, value = ''): string {
  const error = state.error?.field === name ? state.error.message : undefined;
  const described = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<div><label for="${name}">${label}</label>
<input id="${name}" name="${name}" ${attributes} value="${escapeHtml(value)}"${described} required>
${error ? `<p class="error" id="${name}-error" role="alert">${escapeHtml(error)}</p>` : ''}</div>`;
}

export function cardPage(charge: SandboxCharge, state: CardFormState = {}): string {
  const action = `${SANDBOX_BASE}/checkout/${encodeURIComponent(charge.reference)}`;
  return layout(
    'Pay',
    `${summary(charge)}
${state.declined ? '<p class="error" role="alert">Your last attempt was declined. You can try again with the same or another card.</p>' : ''}
<form method="post" action="${escapeHtml(action)}" novalidate>
${field('cardNumber', 'Card number', 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"', state, state.values?.cardNumber)}
<div class="row">
${field('expiry', 'Expiry (MM/YY)', 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', state, state.values?.expiry)}
${field('cvv', 'CVV', 'type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4"', state)}
</div>
<button type="submit">Pay ${formatNaira(charge.amountKobo)}</button>
</form>
<h2>Or pay another way</h2>
<form method="post" action="${escapeHtml(action)}/other" novalidate>
<p>Bank transfer: send ${formatNaira(charge.amountKobo)} to account <strong>9900112233</strong> (Wema Bank, sandbox). USSD: dial <strong>*737*000*${escapeHtml(charge.reference.slice(-6))}#</strong>.</p>
<button type="submit" name="channel" value="bank_transfer">I have paid by bank transfer</button>
<button type="submit" name="channel" value="ussd">I have paid by USSD</button>
</form>
<div class="hint">
<p>This is the sandbox: no money moves. Use any future expiry date and any CVV with:</p>
<ul>
<li><code>${spaced(SANDBOX_CARDS.success)}</code> succeeds</li>
<li><code>${spaced(SANDBOX_CARDS.declined)}</code> is declined</li>
<li><code>${spaced(SANDBOX_CARDS.otp)}</code> asks for an OTP (<code>${SANDBOX_OTP}</code>)</li>
<li><code>${spaced(SANDBOX_CARDS.renewalDeclined)}</code> succeeds, but is declined when charged again later</li>
</ul>
</div>`,
  );
}

export function otpPage(charge: SandboxCharge, error?: string): string {
  const action = `${SANDBOX_BASE}/checkout/${encodeURIComponent(charge.reference)}/otp`;
  return layout(
    'Enter OTP',
    `${summary(charge)}
<form method="post" action="${escapeHtml(action)}" novalidate>
<p>Your bank sent a one-time password to the phone number on the card ending in ${escapeHtml(charge.cardLast4 ?? '')}.</p>
<label for="otp">One-time password</label>
<input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required${error ? ' aria-invalid="true" aria-describedby="otp-error"' : ''}>
${error ? `<p class="error" id="otp-error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Confirm</button>
</form>`,
  );
}

export function finishedPage(charge: SandboxCharge): string {
  const message = charge.status === 'success' ? 'This payment has been made.' : 'This payment was declined.';
  const back = new URL(charge.callbackUrl);
  back.searchParams.set('reference', charge.reference);
  back.searchParams.set('trxref', charge.reference);
  return layout(
    'Payment',
    `${summary(charge)}
<p role="status">${message}</p>
<p><a href="${escapeHtml(back.toString())}">Return to Naija Market</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout('Not found', '<p role="status">This payment was not found.</p>');
}
