import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReviewKindField } from './review-kind-field';

describe('ReviewKindField', () => {
  it('offers both kinds under its own wording and answers the kind picked, or "" for both', () => {
    const onChange = vi.fn();
    render(<ReviewKindField label="Show" bothLabel="All reviews" value="" onChange={onChange} />);
    const select = screen.getByLabelText('Show');
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'All reviews',
      'Product reviews',
      'Store reviews',
    ]);
    fireEvent.change(select, { target: { value: 'merchant' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([['merchant'], ['']]);
  });
});
