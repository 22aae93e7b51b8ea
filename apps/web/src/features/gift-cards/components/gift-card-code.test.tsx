import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GiftCardCode } from './gift-card-code';

describe('GiftCardCode', () => {
  it('shows and copies a code the API already grouped exactly as it is', async () => {
    const person = userEvent.setup(); // stands in a clipboard the test can read
    render(<GiftCardCode code="EFKE-9QKB-SDBP-VC2R" />);
    expect(screen.getByText('EFKE-9QKB-SDBP-VC2R')).toBeInTheDocument();
    expect(screen.queryByText(/--/)).not.toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: /^Copy\s*gift card code$/ }));
    expect(await navigator.clipboard.readText()).toBe('EFKE-9QKB-SDBP-VC2R');
    expect(await screen.findByRole('button', { name: /^Copied\s*gift card code$/ })).toBeInTheDocument();
  });

  it('groups a bare code in fours', async () => {
    const person = userEvent.setup();
    render(<GiftCardCode code="efke9qkbsdbpvc2r" />);
    expect(screen.getByText('EFKE-9QKB-SDBP-VC2R')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: /^Copy\s*gift card code$/ }));
    expect(await navigator.clipboard.readText()).toBe('EFKE-9QKB-SDBP-VC2R');
  });
});
