import {
  type BulkCatalogColumn,
  type BulkCatalogProblem,
  createProductBody,
  type ProductFields,
  soldOutBehaviours,
  weightUnits,
} from '@market/contracts';
import type { CategoryChoice } from './bulk-catalog.choices.js';
import {
  columnOfField,
  columnOfVariantField,
  formOf,
  NEW_PRODUCT_NEEDS,
  propertiesFor,
  type VariantCells,
} from './bulk-catalog.form.js';
import {
  type CatalogRecord,
  CellError,
  categoryKey,
  dayCell,
  decimalCell,
  listCell,
  nairaCell,
  oneOf,
  paragraphsCell,
  wholeCell,
} from './bulk-catalog.rows.js';
import type { ProductRecord } from './products.repository.js';

// One product's rows of the file read into the product form (ADR 077, 101): its own row's cells in the columns'
// order, then its variants' rows, then the form's own rules; each problem named by its row and column.

/** One product's row as it is read: which cells it has, and where a cell's problem goes. */
interface RowReader {
  record: CatalogRecord;
  problems: BulkCatalogProblem[];
  /** A product named only by its variants' parent_sku has no row of its own: only its variants change. */
  has(column: BulkCatalogColumn): boolean;
  at(column: BulkCatalogColumn | null, message: string, row?: number): void;
  /** Reads the cell when the row has it; a CellError is the cell's problem, anything else is thrown on. */
  cell<T>(column: BulkCatalogColumn, read: (value: string) => T, apply: (value: T) => void): void;
}

function rowReader(record: CatalogRecord): RowReader {
  const problems: BulkCatalogProblem[] = [];
  const has = (column: BulkCatalogColumn) => record.cells[column] !== undefined;
  const at = (column: BulkCatalogColumn | null, message: string, row = record.row) => {
    problems.push({ row, column, message });
  };
  return {
    record,
    problems,
    has,
    at,
    cell(column, read, apply) {
      if (!has(column)) return;
      try {
        apply(read(record.cells[column] ?? ''));
      } catch (error) {
        if (error instanceof CellError) at(column, error.message);
        else throw error;
      }
    },
  };
}

/** A new product's form before its cells are read. */
function blankForm(): Record<string, unknown> {
  return {
    description: [],
    pricing: [{ costPrice: 0, sellingPrice: 0, price: 0 }],
    weightUnit: 'kg',
    dimensionUnit: 'cm',
    whenSoldOut: 'show-sold-out',
    contSalesOutOfStock: false,
    stockAlertUnits: 5,
    IsDigitalProduct: false,
    variant: [],
    variantProperties: [],
    hostedImages: [],
  };
}

/** The category cell: a live category by its path, set on the form with its three levels. */
function readCategory(
  reader: RowReader,
  form: Record<string, unknown>,
  choices: Map<string, CategoryChoice>,
): CategoryChoice | undefined {
  let category: CategoryChoice | undefined;
  reader.cell(
    'category',
    (value) => {
      if (value === '') throw new CellError('Choose a category');
      const choice = choices.get(categoryKey(value));
      if (!choice) throw new CellError(`No category "${value}"; see the allowed values file`);
      return choice;
    },
    (choice) => {
      category = choice;
      Object.assign(form, {
        categoryId: choice.categoryId,
        subCategoryId: choice.subCategoryId,
        childCategoryId: choice.childCategoryId,
      });
    },
  );
  return category;
}

/** The price and sale columns into the form's one pricing entry. */
function readPricing(
  reader: RowReader,
  pricing: Record<string, number | string | null>,
  existing: ProductRecord | undefined,
) {
  const { cell } = reader;
  const optionalNaira = (value: string) => (value === '' ? null : nairaCell(value));
  cell('cost_price', optionalNaira, (value) => (pricing.costPrice = value ?? 0));
  let salePrice: number | null | undefined;
  cell('sale_price', optionalNaira, (value) => (salePrice = value));
  cell(
    'price',
    (value) => {
      if (value === '') throw new CellError('Price is required');
      return nairaCell(value);
    },
    (value) => {
      // With no sale price column the product keeps its discount as it was (the regular price moves alone).
      pricing.price = value;
      if (!existing && salePrice === undefined) pricing.sellingPrice = value;
    },
  );
  if (salePrice !== undefined) pricing.sellingPrice = salePrice ?? pricing.price!;
  const optionalDay = (value: string) => (value === '' ? null : dayCell(value));
  cell('sale_start', optionalDay, (value) => (pricing.saleStartDate = value));
  cell('sale_end', optionalDay, (value) => (pricing.saleEndDate = value));
}

/** The product's own row into the form, in the columns' order; answers the category it chose. */
function readProductCells(
  reader: RowReader,
  form: Record<string, unknown>,
  existing: ProductRecord | undefined,
  choices: Map<string, CategoryChoice>,
): CategoryChoice | undefined {
  const { cell, has, at } = reader;
  form.sku = reader.record.cells.sku;
  if (!existing) {
    for (const column of NEW_PRODUCT_NEEDS)
      if (!has(column)) at(column, `A new product needs a ${column} column`);
  }
  const pricing = (form.pricing as Record<string, number | string | null>[])[0]!;
  cell(
    'name',
    (value) => value,
    (value) => (form.name = value),
  );
  cell('description', paragraphsCell, (value) => (form.description = value));
  const category = readCategory(reader, form, choices);
  readPricing(reader, pricing, existing);
  cell(
    'quantity',
    (value) => (value === '' ? undefined : wholeCell(value)),
    (value) => (form.quantity = value),
  );
  cell(
    'stock_alert_units',
    (value) => (value === '' ? 5 : wholeCell(value)),
    (value) => (form.stockAlertUnits = value),
  );
  cell(
    'when_sold_out',
    (value) => (value === '' ? 'show-sold-out' : oneOf(soldOutBehaviours, value)),
    (value) => (form.whenSoldOut = value),
  );
  cell(
    'weight',
    (value) => (value === '' ? null : decimalCell(value)),
    (value) => (form.weight = value),
  );
  cell(
    'weight_unit',
    (value) => (value === '' ? 'kg' : oneOf(weightUnits, value)),
    (value) => (form.weightUnit = value),
  );
  cell('images', listCell, (value) => (form.hostedImages = value));
  return category;
}

/** The variants' rows into the form's variants and the properties they use. */
function readVariantRows(
  reader: RowReader,
  form: Record<string, unknown>,
  variants: CatalogRecord[],
  existing: ProductRecord | undefined,
) {
  const { at } = reader;
  form.variant = variants.map((variant) => {
    const read = <T>(column: BulkCatalogColumn, parse: (value: string) => T, fallback: T): T => {
      const value = variant.cells[column] ?? '';
      if (value === '') return fallback;
      try {
        return parse(value);
      } catch (error) {
        if (error instanceof CellError) at(column, error.message, variant.row);
        else throw error;
        return fallback;
      }
    };
    if ((variant.cells.quantity ?? '') === '') at('quantity', 'Quantity is required', variant.row);
    return {
      sku: variant.cells.sku,
      size: variant.cells.size || null,
      color: variant.cells.color || null,
      discount: read('variant_discount', nairaCell, 0),
      quantity: read('quantity', wholeCell, 0),
    };
  });
  form.variantProperties = propertiesFor(form.variant as VariantCells[], existing);
}

/** One product's rows as a checked product form, or their problems (then no `fields`). */
export interface ProductRows {
  fields?: ProductFields;
  category?: CategoryChoice;
  problems: BulkCatalogProblem[];
}

/** Reads a product's row and its variants' rows into the product form and checks it as the form is checked. */
export function readProductRows(
  record: CatalogRecord,
  existing: ProductRecord | undefined,
  variants: CatalogRecord[] | undefined,
  choices: Map<string, CategoryChoice>,
): ProductRows {
  const reader = rowReader(record);
  const { at } = reader;
  const form = existing ? formOf(existing) : blankForm();
  const category = readProductCells(reader, form, existing, choices);
  if (variants) readVariantRows(reader, form, variants, existing);
  if (reader.problems.length > 0) return { problems: reader.problems };
  // The product form's own rules, so a file accepts exactly what the form accepts.
  const checked = createProductBody.safeParse(form);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const [first, second, third] = issue.path.map(String);
      if (first === 'variant' && second !== undefined && variants?.[Number(second)]) {
        at(columnOfVariantField[third ?? ''] ?? null, issue.message, variants[Number(second)]!.row);
      } else if (first === 'variant') at('variant_discount', issue.message);
      else if (first === 'pricing') at(columnOfField[third ?? ''] ?? 'price', issue.message);
      else at(columnOfField[first ?? ''] ?? null, issue.message);
    }
    return { problems: reader.problems };
  }
  return { fields: checked.data as ProductFields, category, problems: [] };
}
