// The demo catalog's drawn parts: pictures made on the spot (nothing is downloaded), weights read from names, and
// the seeded random source every figure of the catalog comes from. Split from demo-catalog.ts (ADR 107).
import sharp from 'sharp';

/** A small deterministic random source, so every fresh clone shows the same marketplace. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A product picture drawn on the spot: nothing is downloaded. */
export function productArt(title: string, subtitle: string, color: string, hue: number): Promise<Buffer> {
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last && `${last} ${word}`.length <= 16) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .slice(0, 4)
    .map((line, index) => `<tspan x="300" dy="${index === 0 ? 0 : 58}">${escapeXml(line)}</tspan>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="hsl(${hue},55%,35%)"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  <circle cx="480" cy="110" r="150" fill="#ffffff" opacity="0.08"/><circle cx="90" cy="520" r="120" fill="#ffffff" opacity="0.07"/>
  <text x="300" y="${290 - (Math.min(lines.length, 4) - 1) * 29}" font-family="DejaVu Sans, Arial, sans-serif" font-size="48" font-weight="700" fill="#ffffff" text-anchor="middle">${text}</text>
  <text x="300" y="540" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#ffffff" opacity="0.85" text-anchor="middle">${escapeXml(subtitle)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Draws and stores the pictures a few at a time: sharp works on a thread pool, so both cores stay busy. */
export async function drawPictures(
  pictures: Map<string, string>,
  storeName: string,
  save: (art: Buffer) => Promise<string>,
): Promise<void> {
  const keys = [...pictures.keys()];
  const workers = Array.from({ length: 4 }, async (_, worker) => {
    for (let index = worker; index < keys.length; index += 4) {
      const key = keys[index]!;
      const [title, color, hue] = key.split('|');
      const art = await productArt(title!, storeName, color!, Number(hue));
      pictures.set(key, await save(art));
    }
  });
  await Promise.all(workers);
}

/** What a bag or pack weighs when its name says so ("Ofada Rice 5kg"): the contents and a little packaging. */
export function weightFromName(name: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s?(kg|g)\b/i.exec(name);
  if (!match) return null;
  const kg = Number(match[1]) / (match[2]!.toLowerCase() === 'g' ? 1000 : 1);
  return Math.round(kg * 1.02 * 1000) / 1000;
}
