import { formatGiftCardCode } from '@market/contracts';
import { useState } from 'react';

/** The code in groups of 4 with a copy button; what is shown is what is copied (the cart takes it as it is). */
export function GiftCardCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const grouped = formatGiftCardCode(code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(grouped);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="rounded bg-slate-100 px-2 py-1 font-mono text-base font-bold tracking-wider text-slate-900 break-all">
        {grouped}
      </code>
      <button
        type="button"
        onClick={copy}
        className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50"
      >
        {copied ? 'Copied' : 'Copy'}
        <span className="sr-only"> gift card code</span>
      </button>
      <span aria-live="polite" className="sr-only">
        {copied ? 'Code copied' : ''}
      </span>
    </div>
  );
}
