import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShareOnWhatsApp } from './share-on-whatsapp';

describe('ShareOnWhatsApp', () => {
  it('opens WhatsApp with the title and the page’s full address', () => {
    render(<ShareOnWhatsApp title="Oraimo Power Bank" path="/products/p1" />);
    const link = screen.getByRole('link', { name: /Share on WhatsApp/ });
    const text = new URL(link.getAttribute('href')!).searchParams.get('text');
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(text).toBe(`Oraimo Power Bank ${window.location.origin}/products/p1`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
