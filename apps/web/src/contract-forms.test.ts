import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One way to write a form (issue 30): react-hook-form through `lib/contract-form.ts`, the contract's zod schema as
// the resolver and the server's errors mapped onto the fields. A component with a `<form` that does not use it is
// written by hand and must be on this list with the reason; a new one fails here, and so does an entry that is no
// longer true (converted or gone), so the list only shrinks.

const src = path.dirname(fileURLToPath(import.meta.url));

const notYet = 'not converted yet (issue 30): useState per field and hand checks; convert to useContractForm';
const upload =
  'sends a file (multipart): the contract has no body schema for a file the resolver could check';
const query =
  'a search or filter box: it writes the address or a query string, there is no request body to check';

/** The forms still written by hand, each with the reason (path under `apps/web/src`). */
const handWritten: Record<string, string> = {
  // Uploads.
  'features/fulfilment/components/evidence-form.tsx': upload,
  'features/returns/components/return-form.tsx': upload,
  'features/returns/components/pickups.tsx': `${upload} (one of its two forms)`,
  'features/products/components/catalogue-spreadsheet.tsx': upload,
  'features/themes/components/editor/editor-sections.tsx': `${upload} (one of its three forms)`,
  // Searches and filters.
  'features/catalog/components/search-box.tsx': query,
  'features/catalog/components/catalog-filters-panel.tsx': query,
  'features/stores/components/merchants-directory.tsx': query,
  'app/routes/admin/dashboard.tsx': query,
  'features/audit/components/audit-trail-screen.tsx': `${query} (the window is checked as typed, before the trail is asked)`,
  'components/ui/csv-download.tsx': 'a download button: a GET of a CSV file, no fields and no body',
  'features/cart/components/quantity-stepper.tsx':
    'a stepper of one number whose limits come from the stock on screen, not from a contract body',
  'features/reconciliation/components/reconciliation-screen.tsx': `${notYet} (the window is checked as typed and Reconcile stays off; its test pins windowProblem)`,
  'features/themes/components/editor/testimonials-section.tsx':
    'not converted yet (issue 30): its test pins a synchronous double-click guard, and handleSubmit is async',
  'features/shipping/components/rate-card-editor.tsx':
    'not converted yet (issue 30): its own resolver maps a zone matrix onto the pricing body and back',
};

function components(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return components(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** A component that renders a form but does not go through `lib/contract-form`. */
export function isHandWritten(text: string): boolean {
  return /<form[\s>]/.test(text) && !/from\s+['"][./]*lib\/contract-form['"]/.test(text);
}

function handWrittenNow(): string[] {
  return components(src)
    .filter((file) => isHandWritten(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(src, file).split(path.sep).join('/'))
    .sort();
}

describe('forms are written one way (the contract resolver)', () => {
  it('tells a hand-written form from a contract form', () => {
    expect(isHandWritten('const x = useState(); return <form onSubmit={submit}>')).toBe(true);
    expect(
      isHandWritten("import { useContractForm } from '../../../lib/contract-form';\n<form onSubmit={s}>"),
    ).toBe(false);
    expect(isHandWritten('<formatted value />')).toBe(false);
  });

  it('every hand-written form is on the list, with its reason', () => {
    const unlisted = handWrittenNow().filter((file) => !(file in handWritten));
    expect(unlisted, 'write these forms with useContractForm (lib/contract-form.ts)').toEqual([]);
  });

  it('every entry of the list is still a hand-written form (the list only shrinks)', () => {
    const now = new Set(handWrittenNow());
    const stale = Object.keys(handWritten).filter((file) => !now.has(file));
    expect(stale, 'remove these from the list: they use the contract form now, or are gone').toEqual([]);
  });
});
