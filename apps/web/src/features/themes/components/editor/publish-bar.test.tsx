import {
  type ActiveTheme,
  type MerchantThemeItem,
  themeEndpoints,
  themePublishingEndpoints,
  urlOf,
} from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderScreen } from '../../../../test/render';
import { PublishBar } from './publish-bar';

const summary: Omit<MerchantThemeItem, 'id' | 'slug' | 'name' | 'isActive' | 'merchantThemeId'> = {
  description: 'A theme',
  previewImage: urlOf(themePublishingEndpoints.previewImage, { params: { slug: 'x' } }),
  design: { layout: 'classic', typography: 'sans', hero: 'split', productGrid: 'grid-4' },
  pages: [],
  priceType: 'free',
  isDefault: false,
  isOwned: true,
};
const harmattan: MerchantThemeItem = {
  ...summary,
  id: 46,
  slug: 'harmattan',
  name: 'Harmattan',
  isActive: false,
  merchantThemeId: '22222222-2222-4222-8222-222222222222',
};
const active: ActiveTheme = {
  ...summary,
  id: 45,
  slug: 'eko-classic',
  name: 'Eko Classic',
  isActive: true,
  merchantThemeId: '11111111-1111-4111-8111-111111111111',
  publishedVersion: 3,
  publishedAt: '2026-11-23T10:00:00.000Z',
  canRollback: true,
  draftUpdatedAt: '2026-11-23T10:00:00.000Z',
  hasUnpublishedChanges: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('publish bar', () => {
  it('asks before Activate, says it publishes the draft, and sends nothing on Cancel', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'Theme activated', data: active }));
    renderScreen(<PublishBar theme={harmattan} active={active} storeUrl="ada" previewHref="/p" />);
    await userEvent.click(screen.getByRole('button', { name: 'Activate and publish' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Activate Harmattan?' });
    expect(dialog).toHaveTextContent('publishes your current draft of Harmattan');
    expect(dialog).toHaveTextContent('replaces Eko Classic (version 3)');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Activate and publish' }));
    await userEvent.click(screen.getByRole('button', { name: 'Activate and publish the draft' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toContain(urlOf(themeEndpoints.activate));
  });

  it('asks before Roll back', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'Rolled back', data: active }));
    renderScreen(
      <PublishBar theme={{ ...harmattan, ...active }} active={active} storeUrl="ada" previewHref="/p" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Roll back' }));
    expect(screen.getByRole('alertdialog', { name: 'Roll back your storefront?' })).toHaveTextContent(
      'published before version 3',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    const buttons = screen.getAllByRole('button', { name: 'Roll back' });
    await userEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
