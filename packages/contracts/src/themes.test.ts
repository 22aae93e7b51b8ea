import { describe, expect, it } from 'vitest';
import { contrastRatio, THEME_COLOR_DEFAULTS } from './themes.js';

describe('the default theme colours', () => {
  it('read at WCAG AA on white and on the storefront near-white', () => {
    for (const background of ['#FFFFFF', '#F8FAFC']) {
      expect(contrastRatio(THEME_COLOR_DEFAULTS.headingsAndLinks, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(THEME_COLOR_DEFAULTS.bodyText, background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(
      contrastRatio(THEME_COLOR_DEFAULTS.primaryButton, THEME_COLOR_DEFAULTS.primaryLabel),
    ).toBeGreaterThanOrEqual(4.5);
  });
});
