import { THEME_COLOR_DEFAULTS } from '@market/contracts';
import type { ThemeRow } from './themes.repository.js';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const fontOf = {
  sans: 'Inter, Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  display: 'Impact, "Arial Black", sans-serif',
} as const;

/**
 * A 640×400 wireframe of a theme's home page drawn from its design (hero, typography, product grid), in the
 * default colours: the catalogue's preview image, made from the same data the storefront renders with.
 */
export function themePreviewSvg(theme: ThemeRow): string {
  const { hero, typography, productGrid, layout } = theme.design;
  const accent = THEME_COLOR_DEFAULTS.headingsAndLinks;
  const ink = THEME_COLOR_DEFAULTS.bodyText;
  const font = fontOf[typography];
  const parts: string[] = [];
  // Header bar: logo left (classic, market) or centred (editorial).
  const logoX = layout === 'editorial' ? 280 : 24;
  parts.push(`<rect width="640" height="400" fill="#FFFFFF"/>`);
  parts.push(
    `<rect x="0" y="0" width="640" height="44" fill="${layout === 'market' ? '#F4F1EA' : '#FFFFFF'}"/>`,
  );
  parts.push(`<rect x="${logoX}" y="14" width="80" height="16" rx="3" fill="${ink}"/>`);
  parts.push(`<line x1="0" y1="44" x2="640" y2="44" stroke="#E5E5E5"/>`);
  // Hero.
  const title = `<text font-family='${font}' font-weight="700" fill="${accent}"`;
  if (hero === 'split') {
    parts.push(`<rect x="24" y="60" width="290" height="150" fill="#F7F7F7"/>`);
    parts.push(`${title} x="40" y="120" font-size="26">${escapeXml(theme.name)}</text>`);
    parts.push(`<rect x="40" y="160" width="96" height="28" rx="4" fill="${ink}"/>`);
    parts.push(`<rect x="326" y="60" width="290" height="150" fill="#D9D2C3"/>`);
  } else if (hero === 'full-bleed') {
    parts.push(`<rect x="0" y="44" width="640" height="176" fill="#3B2F2A"/>`);
    parts.push(`${title} x="32" y="150" font-size="40">${escapeXml(theme.name.toUpperCase())}</text>`);
    parts.push(`<rect x="32" y="172" width="110" height="30" rx="2" fill="${accent}"/>`);
  } else {
    parts.push(
      `${title} x="320" y="110" font-size="30" text-anchor="middle">${escapeXml(theme.name)}</text>`,
    );
    parts.push(`<rect x="220" y="128" width="200" height="10" rx="5" fill="#CFCFCF"/>`);
    parts.push(`<rect x="272" y="160" width="96" height="28" rx="14" fill="${ink}"/>`);
  }
  // Product grid.
  const top = 236;
  if (productGrid === 'list') {
    for (let row = 0; row < 3; row += 1) {
      const y = top + row * 52;
      parts.push(`<rect x="120" y="${y}" width="44" height="44" fill="#E8E2D6"/>`);
      parts.push(`<rect x="176" y="${y + 8}" width="220" height="10" rx="3" fill="#BDBDBD"/>`);
      parts.push(`<rect x="176" y="${y + 26}" width="80" height="10" rx="3" fill="${accent}"/>`);
    }
  } else {
    const columns = productGrid === 'grid-4' ? 4 : 3;
    const gap = 16;
    const width = (592 - gap * (columns - 1)) / columns;
    for (let column = 0; column < columns; column += 1) {
      const x = 24 + column * (width + gap);
      parts.push(`<rect x="${x}" y="${top}" width="${width}" height="110" fill="#EDEDED"/>`);
      parts.push(
        `<rect x="${x}" y="${top + 120}" width="${width * 0.7}" height="10" rx="3" fill="#BDBDBD"/>`,
      );
      parts.push(
        `<rect x="${x}" y="${top + 138}" width="${width * 0.35}" height="10" rx="3" fill="${accent}"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" role="img" aria-label="${escapeXml(`Preview of the ${theme.name} theme`)}">${parts.join('')}</svg>`;
}
