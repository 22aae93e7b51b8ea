import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { pageOf, useListSearch } from './list-search';

// The page and filters of a list in the URL, written once for the customer's, the dashboards' and the partner's
// lists (issue 30, duplicates D41, D49, D40).

let changeOf: ReturnType<typeof useListSearch<'status' | 'search'>>['change'] = () => {};

function List({ push = false, pageFirst = false }: { push?: boolean; pageFirst?: boolean }) {
  const { page, filters, change } = useListSearch(['status', 'search'], { push, pageFirst });
  changeOf = change;
  return (
    <p>
      page {page}, status “{filters.status}”, search “{filters.search}”
    </p>
  );
}

const where = (router: ReturnType<typeof renderScreen>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('a list’s page and filters in the URL', () => {
  it('reads the page (1 when absent or not a number) and the filters ("" when absent)', () => {
    renderScreen(<List />, { route: '/merchant/orders?status=placed&page=3' });
    expect(screen.getByText('page 3, status “placed”, search “”')).toBeInTheDocument();
    expect(pageOf(new URLSearchParams('page=abc'))).toBe(1);
    expect(pageOf(new URLSearchParams('page=-2'))).toBe(1);
    expect(pageOf(new URLSearchParams(''))).toBe(1);
  });

  it('writes the non-empty filters, then a page after the first, in place of the current entry', () => {
    const { router } = renderScreen(<List />, { route: '/merchant/orders?page=2' });
    act(() => changeOf({ page: 2, status: 'placed', search: '' }));
    expect(where(router)).toBe('/merchant/orders?status=placed&page=2');
    act(() => changeOf({ page: 1, status: '', search: 'ada' }));
    expect(where(router)).toBe('/merchant/orders?search=ada');
    expect(screen.getByText('page 1, status “”, search “ada”')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('pushes a history entry, page first, for the customer’s lists', () => {
    const { router } = renderScreen(<List push pageFirst />, { route: '/account/orders' });
    act(() => changeOf({ page: 2, status: 'delivered' }));
    expect(where(router)).toBe('/account/orders?page=2&status=delivered');
    expect(router.state.historyAction).toBe('PUSH');
  });
});
