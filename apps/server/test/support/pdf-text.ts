import { inflateSync } from 'node:zlib';

/**
 * The words a pdfkit paper prints, for tests: each compressed content stream inflated, and the hex strings of its
 * `TJ` operators (pdfkit writes the built-in fonts' text as WinAnsi codes in hex, split where it kerns) joined into
 * one line of text per operator.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/\/FlateDecode[\s\S]*?stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a content stream (an image, a font)
    }
    for (const operator of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hexes = [...operator[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => hex[1]!).join('');
      lines.push(Buffer.from(hexes, 'hex').toString('latin1'));
    }
  }
  return lines;
}
