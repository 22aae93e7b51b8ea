import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoIndex } from './no-index';

describe('NoIndex', () => {
  it('puts a robots noindex tag in the document head', () => {
    const { unmount } = render(
      <div>
        <NoIndex />
        <p>preview</p>
      </div>,
    );
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
