import { koboToNaira, type ReportCsvView, type SalesReport } from '@market/contracts';

import { csvLines } from '../../platform/csv.js';

// CSV of one view of a sales report (RFC 4180 and formula-safe through platform/csv). Money is naira with two
// decimals and no separators, so a spreadsheet reads it as a number.

export { csvCell } from '../../platform/csv.js';

const naira = (kobo: number) => koboToNaira(kobo).toFixed(2);

export function salesReportCsv(report: SalesReport, view: ReportCsvView): string {
  switch (view) {
    case 'series':
      return csvLines([
        ['Period start', 'Orders', 'Net sales (NGN)', 'Discounts (NGN)', 'Cancelled or returned orders'],
        ...report.series.map((point) => [
          point.start,
          point.ordersCount,
          naira(point.netSalesKobo),
          naira(point.discountKobo),
          point.returnedOrdersCount,
        ]),
      ]);
    case 'products':
      return csvLines([
        ['Product ID', 'Product', 'Units sold', 'Orders', 'Gross (NGN)', 'Discounts (NGN)', 'Net (NGN)'],
        ...report.byProduct.map((product) => [
          product.productId,
          product.productName,
          product.unitsSold,
          product.ordersCount,
          naira(product.grossKobo),
          naira(product.discountKobo),
          naira(product.netKobo),
        ]),
      ]);
    case 'customers':
      return csvLines([
        ['Customer ID', 'Customer', 'Orders', 'Net sales (NGN)', 'Last order (UTC)'],
        ...report.byCustomer.map((customer) => [
          customer.customerId,
          customer.name,
          customer.ordersCount,
          naira(customer.netSalesKobo),
          customer.lastOrderAt,
        ]),
      ]);
    case 'locations':
      return csvLines([
        ['State', 'LGA', 'Orders', 'Net sales (NGN)'],
        ...report.byLga.map((place) => [
          place.state,
          place.lga,
          place.ordersCount,
          naira(place.netSalesKobo),
        ]),
      ]);
  }
}
