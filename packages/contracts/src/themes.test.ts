import { describe, expect, it } from 'vitest';
import { contrastRatio, THEME_COLOR_DEFAULTS, themeContrastIssues } from './themes.js';

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

describe('themeContrastIssues (issue 34 item 25)', () => {
  it('passes the defaults and names every pair below AA, on the page and on cards', () => {
    expect(themeContrastIssues(THEME_COLOR_DEFAULTS)).toEqual([]);
    const issues = themeContrastIssues({
      ...THEME_COLOR_DEFAULTS,
      headingsAndLinks: '#F5A623',
      salePrice: '#767676',
      fieldText: '#999999',
      fieldBorder: '#DDDDDD',
    });
    expect(issues.map((issue) => issue.path)).toEqual([
      'headingsAndLinks',
      'salePrice',
      'fieldText',
      'fieldBorder',
    ]);
    expect(issues[0]!.message).toMatch(/^The headings and links colour has a contrast of 1\.93:1/);
  });

  it('holds a text colour to the worse of the page and the card: #767676 reads on white, not on the page', () => {
    // 4.54:1 on #FFFFFF, 4.34:1 on #F8FAFC.
    expect(themeContrastIssues({ ...THEME_COLOR_DEFAULTS, bodyText: '#767676' }).map((i) => i.path)).toEqual([
      'bodyText',
    ]);
    expect(themeContrastIssues({ ...THEME_COLOR_DEFAULTS, bodyText: '#6B6B6B' })).toEqual([]);
  });

  it('asks 3:1 of the field border, 4.5:1 of the button label', () => {
    expect(themeContrastIssues({ ...THEME_COLOR_DEFAULTS, fieldBorder: '#949494' })).toEqual([]);
    expect(
      themeContrastIssues({ ...THEME_COLOR_DEFAULTS, primaryButton: '#777777', primaryLabel: '#FFFFFF' }).map(
        (i) => i.path,
      ),
    ).toEqual(['primaryLabel']);
  });
});
