import { THEME_COLOR_DEFAULTS } from '@market/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ColoursSection, HeaderSection } from './editor-sections';

describe('a theme section saves only what it checked', () => {
  it('refuses a colour that is not hex, under its field, and saves once it is', async () => {
    const onSave = vi.fn();
    const { rerender } = render(
      <ColoursSection
        value={{ ...THEME_COLOR_DEFAULTS, salePrice: 'red' }}
        onChange={() => undefined}
        onSave={onSave}
        saving={false}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save colours' }));
    expect(screen.getByText('Use a hex colour such as #1A2B3C')).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();

    rerender(
      <ColoursSection
        value={THEME_COLOR_DEFAULTS}
        onChange={() => undefined}
        onSave={onSave}
        saving={false}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save colours' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Use a hex colour such as #1A2B3C')).toBeNull();
  });

  it('checks the header with the contract: a malformed email is refused, a good one saved', async () => {
    const onSave = vi.fn();
    const header = { phoneNumber: '08031234567', email: 'not-an-email', logo: null };
    const { rerender } = render(
      <HeaderSection value={header} onChange={() => undefined} onSave={onSave} saving={false} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();

    rerender(
      <HeaderSection
        value={{ ...header, email: 'shop@example.ng' }}
        onChange={() => undefined}
        onSave={onSave}
        saving={false}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
