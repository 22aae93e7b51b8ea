import {
  BULK_CATALOG_COLUMNS,
  type BulkCatalogColumn,
  soldOutBehaviours,
  weightUnits,
} from '@market/contracts';
import { csvLines } from '../../platform/csv.js';
import { type Cells, categoryPath, nairaText } from './bulk-catalog.rows.js';
import type { ProductRecord } from './products.repository.js';

// What the catalogue's files hold (ADR 077), whatever the format: the export's rows, the template's example, the
// allowed values. The CSV and the workbook write the same rows.

function cellOf(record: ProductRecord, column: BulkCatalogColumn): string {
  switch (column) {
    case 'sku':
      return record.sku;
    case 'parent_sku':
    case 'size':
    case 'color':
    case 'variant_discount':
      return '';
    case 'name':
      return record.name;
    case 'description':
      return record.description.join('\n');
    case 'category':
      return categoryPath([record.categoryName, record.subCategoryName, record.childCategoryName]);
    case 'cost_price':
      return nairaText(record.costPriceKobo);
    case 'price':
      return nairaText(record.priceKobo);
    case 'sale_price':
      return record.sellingPriceKobo === record.priceKobo ? '' : nairaText(record.sellingPriceKobo);
    case 'sale_start':
      return record.saleStartDate ?? '';
    case 'sale_end':
      return record.saleEndDate ?? '';
    case 'quantity':
      return String(record.quantity);
    case 'stock_alert_units':
      return String(record.stockAlertUnits);
    case 'when_sold_out':
      return record.whenSoldOut;
    case 'weight':
      return record.weight === null ? '' : String(Number(record.weight));
    case 'weight_unit':
      return record.weightUnit;
    case 'images':
      return record.hostedImages.join(' ');
    case 'image_urls':
      // Fetched images are exported as the stored copies in `images`, which read back unchanged.
      return '';
  }
}

/** A product's row, then its variants' rows. */
export function exportRows(records: ProductRecord[]): Cells[] {
  const rows: Cells[] = [];
  for (const record of records) {
    rows.push(Object.fromEntries(BULK_CATALOG_COLUMNS.map((column) => [column, cellOf(record, column)])));
    for (const variant of record.variants) {
      rows.push({
        sku: variant.sku,
        parent_sku: record.sku,
        size: variant.size ?? '',
        color: variant.color ?? '',
        variant_discount: variant.discountKobo === 0 ? '' : nairaText(variant.discountKobo),
        quantity: String(variant.quantity),
      });
    }
  }
  return rows;
}

/** An example product with two variants, in the given category path. */
export function templateRows(path = 'Phones > Smartphones'): Cells[] {
  const example: Cells = {
    sku: 'TSHIRT-001',
    name: 'Cotton T-shirt',
    description: 'Soft cotton, made in Aba.\nMachine washable.',
    category: path,
    cost_price: '3000.00',
    price: '6500.00',
    sale_price: '5000.00',
    quantity: '0',
    stock_alert_units: '5',
    when_sold_out: 'show-sold-out',
    weight: '0.3',
    weight_unit: 'kg',
  };
  const variant = (sku: string, size: string, quantity: string): Cells => ({
    sku,
    parent_sku: 'TSHIRT-001',
    size,
    color: 'White',
    quantity,
  });
  return [example, variant('TSHIRT-001-M', 'M', '10'), variant('TSHIRT-001-L', 'L', '8')];
}

/** Every value a constrained column takes (column, value, meaning), its header first. */
export function allowedLines(categoryPaths: string[]): string[][] {
  const lines: string[][] = [['column', 'value', 'meaning']];
  if (categoryPaths.length === 0) lines.push(['category', '', 'No categories yet: ask an admin to add them']);
  for (const path of categoryPaths) lines.push(['category', path, 'category path']);
  lines.push(
    ['when_sold_out', 'hide', 'hidden from customers while sold out'],
    ['when_sold_out', 'show-sold-out', 'shown as sold out (the default)'],
    ['when_sold_out', 'continue-selling', 'keeps selling with no stock'],
    ['weight_unit', 'kg', 'kilograms (the default)'],
    ['weight_unit', 'g', 'grams'],
  );
  return lines;
}

/** The enumerated columns' values, for the workbook's drop-down lists. */
export const enumeratedLists: Partial<Record<BulkCatalogColumn, readonly string[]>> = {
  when_sold_out: soldOutBehaviours,
  weight_unit: weightUnits,
};

/** Rows as the CSV writes them, the header first. */
export function catalogCsv(rows: Cells[]): string {
  return csvLines([
    [...BULK_CATALOG_COLUMNS],
    ...rows.map((cells) => BULK_CATALOG_COLUMNS.map((c) => cells[c] ?? '')),
  ]);
}
