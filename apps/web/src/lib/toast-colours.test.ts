import fs from 'node:fs';
import path from 'node:path';
import { contrastRatio } from '@market/contracts';
import { describe, expect, it } from 'vitest';

const css = fs.readFileSync(path.resolve(import.meta.dirname, './toast-colours.css'), 'utf8');

function colour(name: string): string {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css);
  if (!match) throw new Error(`toast-colours.css sets no --${name}`);
  return match[1]!;
}

describe('toast colours (WCAG 1.4.3)', () => {
  it.each(['success', 'error', 'info', 'warning'])('%s text on its background is at least 4.5:1', (kind) => {
    expect(contrastRatio(colour(`${kind}-text`), colour(`${kind}-bg`))).toBeGreaterThanOrEqual(4.5);
  });
});
