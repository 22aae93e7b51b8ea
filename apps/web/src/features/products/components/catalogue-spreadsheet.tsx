// Written by hand, not with useContractForm: it sends a file (multipart), which no contract body schema checks.
import { BULK_CATALOG_MAX_ROWS, type BulkCatalogProblem, type BulkCatalogSummary } from '@market/contracts';
import { useId, useRef, useState } from 'react';
import { useCategoryTree } from '../../../api/get-category-tree';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { isApiError } from '../../../lib/errors';
import {
  type CatalogueFile,
  useApplyCatalogue,
  useDownloadCatalogueFile,
  usePreviewCatalogue,
} from '../api/catalogue-spreadsheet';
import { CatalogueImport, RecentImports } from './catalogue-import';

const templates: { file: CatalogueFile; label: string }[] = [
  { file: 'templateXlsx', label: 'Download template (Excel)' },
  { file: 'template', label: 'Download template (CSV)' },
];

const downloads: { file: CatalogueFile; label: string }[] = [
  { file: 'allowedValues', label: 'Allowed values (CSV)' },
  { file: 'exportXlsx', label: 'My catalogue (Excel)' },
  { file: 'export', label: 'My catalogue (CSV)' },
];

interface CategoryNode {
  id: string;
  name: string;
  subCategories?: CategoryNode[];
  childCategories?: CategoryNode[];
}

/** Every category of the tree as one option, named by its path (`Phones › Smartphones › Android`). */
export function categoryPaths(
  tree: readonly CategoryNode[],
  parent = '',
): { value: string; label: string }[] {
  return tree.flatMap((node) => {
    const label = parent ? `${parent} › ${node.name}` : node.name;
    return [
      { value: node.id, label },
      ...categoryPaths([...(node.subCategories ?? []), ...(node.childCategories ?? [])], label),
    ];
  });
}

/** The template's category: the example row and the drop-down lists are limited to its branch. */
function TemplateDownloads() {
  const hintId = useId();
  const categories = useCategoryTree();
  const [category, setCategory] = useState('');
  const download = useDownloadCatalogueFile();
  return (
    <div className="space-y-2">
      <SelectField
        label="Template for category"
        className="max-w-md"
        aria-describedby={hintId}
        value={category}
        disabled={categories.isPending}
        onChange={(event) => setCategory(event.target.value)}
        options={[
          {
            value: '',
            label: categories.isPending
              ? 'Loading categories…'
              : categories.isError
                ? 'All categories (could not get the list)'
                : 'All categories',
          },
          ...categoryPaths(categories.data ?? []),
        ]}
      />
      <p id={hintId} className="text-xs text-slate-700">
        The template's example and its category list cover the category you choose and those under it.
      </p>
      <div className="flex flex-wrap gap-2">
        {templates.map(({ file: which, label }) => (
          <Button
            key={which}
            variant="secondary"
            loading={download.isPending && download.variables?.file === which}
            onClick={() => download.mutate({ file: which, ...(category ? { category } : {}) })}
          >
            {label}
          </Button>
        ))}
      </div>
      {download.isError ? <FormAlert>Could not download the template. Try again later.</FormAlert> : null}
    </div>
  );
}

/** The apply's 422 names each problem as `row N: column`; shown as the dry run shows its own. */
function problemsOf(error: unknown): BulkCatalogProblem[] {
  if (!isApiError(error)) return [];
  return error.details.map((detail) => {
    const match = /^row (\d+)(?:: (.+))?$/.exec(detail.path);
    return { row: Number(match?.[1] ?? 0), column: match?.[2] ?? null, message: detail.message };
  });
}

function ProblemTable({ problems, total }: { problems: BulkCatalogProblem[]; total: number }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="pb-2 text-left font-semibold text-slate-900">
          {total} problem{total === 1 ? '' : 's'} to fix
          {total > problems.length ? ` (first ${problems.length} shown)` : ''}
        </caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Row
            </th>
            <th scope="col" className="py-2 pr-3">
              Column
            </th>
            <th scope="col" className="py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem) => (
            <tr
              key={`${problem.row}-${problem.column}-${problem.message}`}
              className="border-b border-slate-100"
            >
              <td className="py-2 pr-3 tabular-nums">{problem.row}</td>
              <td className="py-2 pr-3 font-mono">{problem.column ?? '—'}</td>
              <td className="py-2">{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SummaryList({ summary }: { summary: BulkCatalogSummary }) {
  const items: [string, number][] = [
    ['Rows read', summary.rows],
    ['New products', summary.create],
    ['Products changed', summary.update],
    ['Unchanged', summary.unchanged],
    ['Going to approval', summary.toApproval],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-700">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Download the template or the catalogue, upload a file for a dry run, fix what it lists, then apply: the whole file
 * is checked again, then written in the background while the screen shows its progress (ADR 077, 094).
 */
export function CatalogueSpreadsheet() {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const zipId = useId();
  const zipHintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  /** The import shown: the one just applied, or one chosen from Recent imports. */
  const [shown, setShown] = useState<string | undefined>();
  const download = useDownloadCatalogueFile();
  const preview = usePreviewCatalogue();
  const apply = useApplyCatalogue({ onQueued: (queued) => setShown(queued.id) });
  const checked = preview.data;
  const ready = !!file && !!checked && checked.problemCount === 0 && !apply.isSuccess;

  function choose(next: File | null) {
    setFile(next);
    preview.reset();
    apply.reset();
  }

  function chooseImages(next: File | null) {
    setImages(next);
    preview.reset();
    apply.reset();
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${inputId}-downloads`} className="space-y-2">
        <h2 id={`${inputId}-downloads`} className="text-lg font-semibold text-slate-900">
          1. Download
        </h2>
        <p className="text-sm text-slate-700">
          Start from the template, or from your catalogue to change prices and stock. A file may keep only the
          columns it changes (for example <code>sku,price,sale_price,quantity</code>). Variants are rows whose{' '}
          <code>parent_sku</code> names their product.
        </p>
        <TemplateDownloads />
        <div className="flex flex-wrap gap-2">
          {downloads.map(({ file: which, label }) => (
            <Button
              key={which}
              variant="secondary"
              loading={download.isPending && download.variables?.file === which}
              onClick={() => download.mutate({ file: which })}
            >
              {label}
            </Button>
          ))}
        </div>
        {download.isError ? <FormAlert>Could not download the file. Try again later.</FormAlert> : null}
      </section>

      <section aria-labelledby={`${inputId}-check`} className="space-y-3">
        <h2 id={`${inputId}-check`} className="text-lg font-semibold text-slate-900">
          2. Check your file
        </h2>
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (file) preview.mutate({ file, images });
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
              Excel or CSV file
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={hintId}
              className="max-w-full text-sm"
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
            <p id={hintId} className="text-xs text-slate-700">
              Excel workbook (.xlsx) or CSV UTF-8, 2 MB and{' '}
              {new Intl.NumberFormat('en-NG').format(BULK_CATALOG_MAX_ROWS)} rows at most. Nothing is changed
              until you apply.
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={zipId} className="text-sm font-medium text-slate-900">
              Images zip (optional)
            </label>
            <input
              id={zipId}
              type="file"
              accept=".zip,application/zip"
              aria-describedby={zipHintId}
              className="max-w-full text-sm"
              onChange={(event) => chooseImages(event.target.files?.[0] ?? null)}
            />
            <p id={zipHintId} className="text-xs text-slate-700">
              Photos named by SKU: SKU.jpg, then SKU-2.jpg, SKU-3.jpg. JPEG, PNG or WebP, 40 MB in all. Or put
              https addresses in the <code>image_urls</code> column.
            </p>
          </div>
          <Button type="submit" disabled={!file} loading={preview.isPending}>
            Check file
          </Button>
        </form>
        {preview.isError ? (
          <FormAlert>
            {isApiError(preview.error) ? preview.error.message : 'Could not check the file.'}
          </FormAlert>
        ) : null}
        {checked ? (
          <div className="space-y-3" aria-live="polite">
            <SummaryList summary={checked} />
            {checked.problemCount > 0 ? (
              <ProblemTable problems={checked.problems} total={checked.problemCount} />
            ) : (
              <FormAlert tone="success">No problems found: the file is ready to apply.</FormAlert>
            )}
          </div>
        ) : null}
      </section>

      <section aria-labelledby={`${inputId}-apply`} className="space-y-3">
        <h2 id={`${inputId}-apply`} className="text-lg font-semibold text-slate-900">
          3. Apply
        </h2>
        <p className="text-sm text-slate-700">
          The whole file is checked again first: if any row has a problem, nothing is changed. Then it is
          written in the background, matched by SKU; applying the same file twice changes nothing. New
          products and changed names, prices or pictures wait for an admin's approval before customers see
          them; stock changes do not.
        </p>
        <Button
          disabled={!ready}
          loading={apply.isPending}
          onClick={() => file && apply.mutate({ file, images })}
        >
          Apply file
        </Button>
        {apply.isError ? (
          <div className="space-y-2">
            <FormAlert>
              {isApiError(apply.error) ? apply.error.message : 'Could not apply the file.'}
            </FormAlert>
            {problemsOf(apply.error).length > 0 ? (
              <ProblemTable problems={problemsOf(apply.error)} total={problemsOf(apply.error).length} />
            ) : null}
          </div>
        ) : null}
        {shown ? <CatalogueImport key={shown} id={shown} /> : null}
      </section>

      <section aria-labelledby={`${inputId}-recent`} className="space-y-3">
        <h2 id={`${inputId}-recent`} className="text-lg font-semibold text-slate-900">
          Recent imports
        </h2>
        <RecentImports shown={shown} onShow={setShown} />
      </section>
    </div>
  );
}
