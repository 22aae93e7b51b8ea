import { themeHeroes, themeLayouts, themeProductGrids, themeTypographies } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { designWords } from './theme-catalogue';

describe('theme design in words (issue 34 item 21)', () => {
  it('says centred and products a row, never the codes or US spellings', () => {
    expect(
      designWords({
        design: { layout: 'classic', typography: 'serif', hero: 'centered', productGrid: 'grid-4' },
      }),
    ).toBe('classic layout · book lettering · centred banner · 4 products a row');
  });

  it('has words for every design the contract allows', () => {
    for (const layout of themeLayouts)
      for (const typography of themeTypographies)
        for (const hero of themeHeroes)
          for (const productGrid of themeProductGrids) {
            const words = designWords({ design: { layout, typography, hero, productGrid } });
            expect(words).not.toMatch(/undefined|center(ed)?\b|across|grid-|full-bleed/);
          }
  });
});
