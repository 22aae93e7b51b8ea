import { THEME_COLOR_DEFAULTS, THEME_SOCIAL_DEFAULTS } from '@market/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ThemeView } from './theme-config';
import { ThemeHome } from './theme-home';
import { ThemeShell } from './theme-shell';

const view = (overrides: Partial<ThemeView> = {}): ThemeView => ({
  design: { layout: 'market', typography: 'display', hero: 'full-bleed', productGrid: 'list' },
  storeName: 'Adire House',
  header: { logo: null, phoneNumber: '0803 123 4567', email: 'hello@adire.ng' },
  body: {
    bannerMainText: 'Indigo season',
    bannerSubText: 'Hand-dyed in Abeokuta',
    bannerImage: '/media/images/banner-800.webp',
    promoImage: null,
  },
  colours: { ...THEME_COLOR_DEFAULTS, primaryButton: '#1E3A8A' },
  socials: {
    ...THEME_SOCIAL_DEFAULTS,
    instagram: 'https://instagram.com/adire',
    twitter: 'javascript:alert(1)',
    whatsapp: '0803 123 4567',
  },
  testimonials: [
    {
      id: 't1',
      name: 'Ngozi',
      title: 'Ibadan',
      message: 'Beautiful fabric, fast delivery.',
      rating: 4,
      createdAt: '2026-11-23T10:00:00.000Z',
    },
  ],
  ...overrides,
});

describe('a storefront in its theme', () => {
  it("carries the theme's design and colours, banner, testimonials and only safe social links", () => {
    const { container } = render(
      <ThemeShell theme={view()}>
        <ThemeHome theme={view()}>
          <p>products</p>
        </ThemeHome>
      </ThemeShell>,
    );
    const shell = container.querySelector('.storefront') as HTMLElement;
    expect(shell.dataset).toMatchObject({
      layout: 'market',
      type: 'display',
      hero: 'full-bleed',
      grid: 'list',
    });
    expect(shell.style.getPropertyValue('--sf-primary-button')).toBe('#1E3A8A');
    expect(shell.style.getPropertyValue('--sf-headings-links')).toBe(THEME_COLOR_DEFAULTS.headingsAndLinks);
    expect(screen.getByRole('heading', { level: 1, name: 'Adire House' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Indigo season' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('“Beautiful fabric, fast delivery.”')).toBeInTheDocument();
    const socials = within(screen.getByRole('list', { name: 'Adire House on social media' }));
    expect(socials.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'https://instagram.com/adire',
      'https://wa.me/2348031234567',
    ]);
    expect(screen.getByRole('link', { name: 'hello@adire.ng' })).toHaveAttribute(
      'href',
      'mailto:hello@adire.ng',
    );
  });

  it('inner pages show neither the banner nor the testimonials', () => {
    render(
      <ThemeShell
        theme={view({
          design: { layout: 'editorial', typography: 'serif', hero: 'centered', productGrid: 'grid-3' },
        })}
      >
        <p>product page</p>
      </ThemeShell>,
    );
    expect(screen.queryByRole('heading', { name: 'Indigo season' })).not.toBeInTheDocument();
    expect(screen.queryByText('What customers say')).not.toBeInTheDocument();
    expect(screen.getByText('product page')).toBeInTheDocument();
  });
});
