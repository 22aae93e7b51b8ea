import type { ParcelLabel } from '@market/contracts';
import QRCode from 'qrcode';
import { drawPdf } from '../../platform/pdf.js';

// Labels as a PDF (issue 35 item 3): one A4 page per parcel, the shipping label on top (order, from, to, LGA, weight,
// carrier, the QR code of the signed scan link and its reference in print) and the packing slip under it. The QR is
// drawn from a PNG of the same link the JSON labels encode as SVG (pdfkit embeds PNG, not SVG).

export interface LabelForPdf extends Omit<ParcelLabel, 'qrSvg'> {
  scanLink: string;
}

const M = 48;

/** The packing slip under the label: what is in the parcel, item by item. */
function drawPackingSlip(doc: PDFKit.PDFDocument, label: LabelForPdf, width: number, top: number) {
  doc
    .fillColor('#0f172a')
    .font('Helvetica-Bold')
    .fontSize(14)
    .text('Packing slip', M, top + 330);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${label.orderName} · ${label.storeName}`, M, top + 350);
  let y = top + 376;
  doc
    .font('Helvetica-Bold')
    .text('Item', M, y)
    .text('Variant', M + width * 0.55, y);
  doc.text('Qty', M + width * 0.85, y, { width: width * 0.15, align: 'right' });
  y += 18;
  doc.font('Helvetica');
  for (const item of label.items) {
    doc.text(`${item.productName} (SKU ${item.sku})`, M, y, { width: width * 0.53 });
    const below = doc.y;
    doc.text(item.variant ?? '—', M + width * 0.55, y, { width: width * 0.28 });
    doc.text(String(item.quantity), M + width * 0.85, y, { width: width * 0.15, align: 'right' });
    y = Math.max(below, doc.y) + 6;
  }
}

export async function parcelLabelsPdf(
  labels: LabelForPdf[],
  refused: { orderId: string; message: string }[],
  createdAt: Date,
): Promise<Buffer> {
  const codes = await Promise.all(
    labels.map((label) =>
      QRCode.toBuffer(label.scanLink, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 }),
    ),
  );
  return drawPdf({ title: 'Parcel labels', author: labels[0]?.storeName ?? '', createdAt }, (doc) => {
    const width = doc.page.width - M * 2;
    labels.forEach((label, index) => {
      if (index > 0) doc.addPage();
      const top = M;
      doc.lineWidth(2).rect(M, top, width, 300).stroke('#0f172a');
      doc
        .fillColor('#0f172a')
        .font('Helvetica-Bold')
        .fontSize(22)
        .text(label.orderName, M + 14, top + 14);
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(`From: ${label.storeName}`, M + 14, top + 46, { width: 300 });
      doc
        .font('Helvetica-Bold')
        .fontSize(13)
        .text('To:', M + 14, top + 76);
      doc.fontSize(15).text(label.recipientName, M + 14, top + 94, { width: 300 });
      doc.font('Helvetica').fontSize(11).text(label.address, { width: 300 });
      doc.font('Helvetica-Bold').fontSize(13).text(`${label.lga}, ${label.state}`, { width: 300 });
      doc.font('Helvetica').fontSize(11).text(`Phone: ${label.recipientPhone}`, { width: 300 });
      const facts = [
        label.weightGrams === null
          ? 'Weight: not given'
          : `Weight: ${(label.weightGrams / 1000).toFixed(2)} kg`,
        `Carrier: ${label.carrierName ?? 'not assigned yet'}`,
      ];
      doc.fontSize(10).text(facts.join('   ·   '), M + 14, top + 250, { width: 300 });
      doc.image(codes[index]!, M + width - 184, top + 14, { width: 170 });
      doc
        .font('Courier')
        .fontSize(6.5)
        .text(label.parcelReference, M + width - 190, top + 190, { width: 182, align: 'center' });
      doc
        .font('Helvetica')
        .fontSize(8)
        .text('Scan at every hand-over', M + width - 190, top + 222, { width: 182, align: 'center' });
      drawPackingSlip(doc, label, width, top);
    });
    if (refused.length > 0) {
      if (labels.length > 0) doc.addPage();
      doc.fillColor('#0f172a').font('Helvetica-Bold').fontSize(14).text('Not printed', M, M);
      doc.font('Helvetica').fontSize(10);
      for (const order of refused) doc.text(`${order.orderId}: ${order.message}`, M, doc.y + 4, { width });
    }
  });
}
