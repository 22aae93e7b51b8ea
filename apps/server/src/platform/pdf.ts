import { formatNaira } from '@market/contracts';
import { loadOnce } from './load-once.js';

// Printed papers (receipts, statements, labels: issue 35) drawn with pdfkit (MIT, maintained; types from
// @types/pdfkit) on the server only: no web chunk carries it. The built-in Helvetica has no naira sign (₦ is outside
// its WinAnsi set), so amounts print as `NGN 12,500.00`, as Nigerian banks' statements write them.
// pdfkit is loaded at the first paper, not at start: it costs about 0.3 CPU-seconds to load, on every server start
// and every journey's server, for a paper most starts never print.
const loadPdfkit = loadOnce(() => import('pdfkit').then((module) => module.default));

/** `NGN 12,500.00` from 1250000 kobo: formatNaira's digits with the currency code for the PDF's font. */
export function pdfNaira(kobo: number): string {
  return formatNaira(kobo).replace('₦', 'NGN ');
}

export interface PdfLine {
  label: string;
  value: string;
  /** Drawn bold: a total. */
  strong?: boolean;
}

export interface PdfTable {
  columns: { header: string; width: number; align?: 'left' | 'right' }[];
  rows: string[][];
}

/** What a paper says, top to bottom; the builder lays it out on A4. */
export interface PdfPaper {
  title: string;
  /** Who issues it: name and lines under it (address, TIN). */
  issuer: string[];
  /** Facts beside the title: number, date, period, customer. */
  facts: PdfLine[];
  table?: PdfTable;
  totals: PdfLine[];
  notes: string[];
}

const MARGIN = 48;

/** An A4 document handed to `draw`, as PDF bytes once drawn: the one place pdfkit's stream is collected. */
export async function drawPdf(
  info: { title: string; author: string; createdAt: Date },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const PDFDocumentClass = await loadPdfkit();
  const doc = new PDFDocumentClass({
    size: 'A4',
    margin: MARGIN,
    info: { Title: info.title, Author: info.author, CreationDate: info.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** Renders a paper to PDF bytes. */
export function renderPdf(paper: PdfPaper, createdAt: Date): Promise<Buffer> {
  return drawPdf({ title: paper.title, author: paper.issuer[0] ?? '', createdAt }, (doc) =>
    drawPaper(doc, paper),
  );
}

function drawPaper(doc: PDFKit.PDFDocument, paper: PdfPaper) {
  const width = doc.page.width - MARGIN * 2;

  doc.font('Helvetica-Bold').fontSize(18).text(paper.title);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
  for (const [index, line] of paper.issuer.entries())
    doc.font(index === 0 ? 'Helvetica-Bold' : 'Helvetica').text(line);
  doc.moveDown(0.8);
  for (const fact of paper.facts) lineOf(doc, fact, width);
  doc.moveDown(0.8);

  if (paper.table) {
    const { columns, rows } = paper.table;
    const scale = width / columns.reduce((sum, column) => sum + column.width, 0);
    const row = (cells: string[], bold: boolean) => {
      const top = doc.y;
      let x = MARGIN;
      let bottom = top;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
      for (const [index, column] of columns.entries()) {
        const cellWidth = column.width * scale;
        doc.text(cells[index] ?? '', x + 2, top, { width: cellWidth - 4, align: column.align ?? 'left' });
        bottom = Math.max(bottom, doc.y);
        x += cellWidth;
      }
      doc.y = bottom + 4;
      if (doc.y > doc.page.height - MARGIN * 2) doc.addPage();
    };
    row(
      columns.map((column) => column.header),
      true,
    );
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + width, doc.y - 2)
      .stroke('#94a3b8');
    for (const cells of rows) row(cells, false);
    doc.moveDown(0.5);
  }

  for (const total of paper.totals) lineOf(doc, total, width);
  if (paper.notes.length > 0) {
    doc.moveDown(1);
    doc.font('Helvetica').fontSize(8.5).fillColor('#334155');
    // From the left margin: the last total line left the cursor in its right-hand column.
    for (const note of paper.notes) doc.text(note, MARGIN, doc.y, { width });
  }
}

function lineOf(doc: PDFKit.PDFDocument, line: PdfLine, width: number) {
  const top = doc.y;
  doc.font(line.strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10.5);
  doc.text(line.label, MARGIN, top, { width: width * 0.6 });
  const labelBottom = doc.y;
  doc.text(line.value, MARGIN + width * 0.6, top, { width: width * 0.4, align: 'right' });
  doc.y = Math.max(labelBottom, doc.y) + 2;
}
