import { THEME_COLOR_DEFAULTS, type ThemeColor } from '@market/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ColoursSection } from './editor-sections';

const renderColours = (value: ThemeColor, onSave = vi.fn()) =>
  render(<ColoursSection value={value} onChange={() => undefined} onSave={onSave} saving={false} />);

describe('ColoursSection (issue 34 item 25)', () => {
  it('says nothing for readable colours', () => {
    renderColours(THEME_COLOR_DEFAULTS);
    expect(screen.queryByText(/Hard to read/)).toBeNull();
  });

  it('warns of each hard-to-read pair while still letting the draft be saved', async () => {
    const onSave = vi.fn();
    renderColours({ ...THEME_COLOR_DEFAULTS, salePrice: '#FFD166', fieldBorder: '#EEEEEE' }, onSave);
    const warning = screen.getByRole('status');
    expect(warning).toHaveTextContent(/you can save, but not publish/);
    expect(warning).toHaveTextContent(/Sale price: The sale price colour has a contrast of/);
    expect(warning).toHaveTextContent(/Field border: The field border has a contrast of/);
    await userEvent.click(screen.getByRole('button', { name: 'Save colours' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
