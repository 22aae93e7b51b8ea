import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';

describe('Pager', () => {
  it('reads "1 store", not "1 stores"', () => {
    render(
      <Pager label="Pages of stores" page={1} totalPages={1} totalItems={1} noun="store" onPage={() => {}} />,
    );
    expect(screen.getByText('Page 1 of 1 · 1 store')).toBeInTheDocument();
  });

  it('uses the plural for other counts and an irregular noun', () => {
    render(
      <Pager
        label="Pages of activities"
        page={2}
        totalPages={3}
        totalItems={25}
        noun={['activity', 'activities']}
        onPage={() => {}}
      />,
    );
    expect(screen.getByText('Page 2 of 3 · 25 activities')).toBeInTheDocument();
  });
});
