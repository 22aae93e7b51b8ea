import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestimonialsSection } from './testimonials-section';

describe('adding a testimonial', () => {
  it('sends one request for a 0 ms double click', async () => {
    const onAdd = vi.fn();
    const props = {
      testimonials: [],
      isError: false,
      onRetry: () => {},
      onAdd,
      onDelete: () => {},
      deletingId: undefined,
    };
    const { rerender } = render(<TestimonialsSection {...props} adding={false} />);
    await userEvent.type(screen.getByLabelText("Customer's name"), 'Ngozi');
    await userEvent.type(screen.getByLabelText('What they said'), 'Fast delivery to Enugu, lovely fabric.');
    const add = screen.getByRole('button', { name: 'Add testimonial' });
    fireEvent.click(add);
    fireEvent.click(add);
    expect(onAdd).toHaveBeenCalledTimes(1);
    // Once the save settles the form takes the next testimonial.
    rerender(<TestimonialsSection {...props} adding={true} />);
    rerender(<TestimonialsSection {...props} adding={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add testimonial' }));
    expect(onAdd).toHaveBeenCalledTimes(2);
  });
});
