import { themeEndpoints, urlOf } from '@market/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { createQueryClient } from '../../../lib/query-client';
import { useThemeEditor } from './use-theme-editor';

vi.mock('../../../lib/notify', () => ({
  notifySuccess: vi.fn(),
  notifyFailure: vi.fn(),
  notifyError: vi.fn(),
}));

const ID = '11111111-1111-4111-8111-111111111111';
const colours = {
  headingsAndLinks: '#F5A623',
  bodyText: '#000000',
  salePrice: '#000000',
  primaryButton: '#000000',
  primaryLabel: '#FFFFFF',
  fieldText: '#000000',
  fieldBorder: '#000000',
  fieldBackground: '#FFFFFF',
};
const customization = (socials: Record<string, string> | null) => ({
  merchantThemeId: ID,
  themeId: 45,
  themeHeader: { phoneNumber: 8031234567, email: 'ada@example.ng', logo: null },
  themeBody: { bannerMainText: 'Hello', bannerSubText: '', bannerImage: null, promoImage: null },
  themeColor: colours,
  themeSocialMedia: socials,
  draftUpdatedAt: '2026-11-23T10:00:00.000Z',
});
const testimonial = (id: string) => ({
  id,
  merchantThemeId: ID,
  name: 'Ngozi',
  title: '',
  message: 'Fast delivery to Ibadan, thank you!',
  rating: 5,
  createdAt: '2026-11-23T10:00:00.000Z',
});

const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ message: 'OK', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const failure = (status: number, message = 'Nope') =>
  new Response(JSON.stringify({ message, error: status === 422 ? 'VALIDATION_FAILED' : 'INTERNAL' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

interface Call {
  url: string;
  method: string;
  body: BodyInit | null | undefined;
}
type Handler = (call: Call) => Response | Promise<Response>;
/** The testimonial the harness adds, and then deletes. */
const addedTestimonialId = 'b2222222-2222-4222-8222-222222222222';

function stubFetch(handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), method: init?.method ?? 'GET', body: init?.body };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/** The usual server: the customisation, two testimonials, and saves that succeed unless `handler` says. */
function server(
  overrides: Handler = () => undefined as unknown as Response,
  socials: Record<string, string> | null = {},
) {
  let testimonials = [testimonial('a1111111-1111-4111-8111-111111111111')];
  return stubFetch(async (call) => {
    const answer = await overrides(call);
    if (answer) return answer;
    if (call.url.includes('/customization/')) return ok(customization(socials));
    if (call.url.startsWith(urlOf(themeEndpoints.testimonials))) return ok(testimonials);
    if (call.url === urlOf(themeEndpoints.addTestimonial) && call.method === 'POST') {
      testimonials = [testimonial(addedTestimonialId), ...testimonials];
      return ok(testimonials[0], 201);
    }
    const deleted = urlOf(themeEndpoints.deleteTestimonial, { params: { id: addedTestimonialId } });
    if (call.url === deleted && call.method === 'DELETE') {
      testimonials = testimonials.slice(1);
      return ok(undefined);
    }
    if (call.url.endsWith('/theme/header')) return ok({ phoneNumber: '0803', email: 'a@b.ng', logo: null });
    if (call.url.endsWith('/theme/body'))
      return ok({ bannerMainText: 'Sale', bannerSubText: '', bannerImage: null, promoImage: null });
    if (call.url.endsWith('/theme/social')) return ok(null);
    if (call.url.endsWith('/theme/color'))
      return ok({ phoneNumber: '0809', email: 'new@b.ng', logo: null, themeColor: colours });
    if (call.url.endsWith(urlOf(themeEndpoints.active))) return ok({});
    return failure(404);
  });
}

function Harness({ id = ID }: { id?: string }) {
  const editor = useThemeEditor(id);
  const data = editor.customization.data;
  return (
    <div>
      <p data-testid="loading">{String(editor.loading)}</p>
      <p data-testid="phone">{data ? JSON.stringify(data.themeHeader.phoneNumber) : ''}</p>
      <p data-testid="email">{data?.themeHeader.email}</p>
      <p data-testid="socials">{data ? JSON.stringify(data.themeSocialMedia) : ''}</p>
      <p data-testid="testimonials">{editor.testimonials.data?.length ?? ''}</p>
      <button
        type="button"
        onClick={() => editor.saveHeader.mutate({ phoneNumber: '0803', email: 'a@b.ng' })}
      >
        header
      </button>
      <button type="button" onClick={() => editor.saveBody.mutate({ title: 'Sale', subtitle: '' })}>
        body
      </button>
      <button type="button" onClick={() => editor.saveColor.mutate({ primaryButton: '#111111' })}>
        colour
      </button>
      <button type="button" onClick={() => editor.saveSocial.mutate({ twitter: '' })}>
        social
      </button>
      <button
        type="button"
        onClick={() =>
          editor.addTestimonial.mutate({ name: 'Ngozi', message: 'Fast delivery to Ibadan, thank you!' })
        }
      >
        add
      </button>
      <button type="button" onClick={() => editor.deleteTestimonial.mutate(addedTestimonialId)}>
        delete
      </button>
    </div>
  );
}

function renderHarness() {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
}

const loading = () => screen.getByTestId('loading').textContent;
let logged: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.mocked(notifySuccess).mockClear();
  vi.mocked(notifyFailure).mockClear();
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  logged.mockRestore();
});

describe('theme editing (specification, sections 4, 5 and 8)', () => {
  it('is loading at start, stops when the fetch ends, and converts phone and email to text', async () => {
    server();
    renderHarness();
    expect(loading()).toBe('true');
    await waitFor(() => expect(loading()).toBe('false'));
    expect(screen.getByTestId('phone').textContent).toBe('"8031234567"');
    expect(screen.getByTestId('email').textContent).toBe('ada@example.ng');
    expect(screen.getByTestId('testimonials').textContent).toBe('1');
  });

  it('stops loading when the fetch fails, only logging it (no toast)', async () => {
    server((call) => (call.url.includes('/customization/') ? failure(500) : undefined!));
    renderHarness();
    expect(loading()).toBe('true');
    await waitFor(() => expect(loading()).toBe('false'), { timeout: 15_000 });
    expect(logged).toHaveBeenCalledWith('Theme editor: fetching the customisation failed', expect.anything());
    expect(notifyFailure).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('resets every social field to empty when the server has none, on load and after a save', async () => {
    server(undefined, null);
    renderHarness();
    await waitFor(() => expect(loading()).toBe('false'));
    const socials = JSON.parse(screen.getByTestId('socials').textContent!);
    expect(Object.keys(socials)).toHaveLength(10);
    expect(Object.values(socials).every((value) => value === '')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'social' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Theme updated'));
    expect(Object.values(JSON.parse(screen.getByTestId('socials').textContent!))).toEqual(Array(10).fill(''));
  });

  it('is loading while a save runs, and toasts Theme updated when a header save succeeds', async () => {
    let release: (response: Response) => void = () => undefined;
    const calls = server((call) =>
      call.url.endsWith('/theme/header')
        ? new Promise<Response>((resolve) => (release = resolve))
        : undefined!,
    );
    renderHarness();
    await waitFor(() => expect(loading()).toBe('false'));
    await userEvent.click(screen.getByRole('button', { name: 'header' }));
    await waitFor(() => expect(loading()).toBe('true'));
    const sent = calls.find((call) => call.url.endsWith('/theme/header'))!.body as FormData;
    expect(sent.getAll('phoneNumber[]')).toEqual(['0803']);
    expect(sent.getAll('email[]')).toEqual(['a@b.ng']);
    expect(sent.has('logo')).toBe(false);
    await act(async () => release(ok({ phoneNumber: 8030000000, email: 'a@b.ng', logo: null })));
    await waitFor(() => expect(loading()).toBe('false'));
    expect(notifySuccess).toHaveBeenCalledWith('Theme updated');
    expect(screen.getByTestId('phone').textContent).toBe('"8030000000"');
  });

  it("toasts 'Update failed' when the body save fails and sends the title as a one-item list", async () => {
    const calls = server((call) =>
      call.url.endsWith('/theme/body') ? failure(422, 'Too long') : undefined!,
    );
    renderHarness();
    await waitFor(() => expect(loading()).toBe('false'));
    await userEvent.click(screen.getByRole('button', { name: 'body' }));
    await waitFor(() => expect(notifyFailure).toHaveBeenCalledWith('Update failed', expect.anything()));
    expect(loading()).toBe('false');
    const sent = calls.find((call) => call.url.endsWith('/theme/body'))!.body as FormData;
    expect(sent.getAll('bannerMainText[]')).toEqual(['Sale']);
    expect(sent.has('bannerSubText')).toBe(false);
    expect(sent.has('bannerImage')).toBe(false);
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it("toasts 'Theme updated failed' when the colour save fails; a success stores the answer as the header", async () => {
    let fail = true;
    server((call) => (call.url.endsWith('/theme/color') && fail ? failure(422, 'Low contrast') : undefined!));
    renderHarness();
    await waitFor(() => expect(loading()).toBe('false'));
    await userEvent.click(screen.getByRole('button', { name: 'colour' }));
    await waitFor(() =>
      expect(notifyFailure).toHaveBeenCalledWith('Theme updated failed', expect.anything()),
    );
    expect(loading()).toBe('false');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'colour' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Theme updated'));
    expect(screen.getByTestId('email').textContent).toBe('new@b.ng');
  });

  it('only logs header, social and testimonial failures, and loading ends', async () => {
    server((call) => (call.method !== 'GET' ? failure(500) : undefined!));
    renderHarness();
    await waitFor(() => expect(loading()).toBe('false'));
    for (const name of ['header', 'social', 'add', 'delete']) {
      await userEvent.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(loading()).toBe('false'));
    }
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(4));
    expect(notifyFailure).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('reloads the testimonial list after a testimonial is saved or deleted', async () => {
    const calls = server();
    renderHarness();
    await waitFor(() => expect(screen.getByTestId('testimonials').textContent).toBe('1'));
    const listReads = () =>
      calls.filter((call) => call.url.startsWith(`${urlOf(themeEndpoints.testimonials)}?`)).length;
    expect(listReads()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    await waitFor(() => expect(screen.getByTestId('testimonials').textContent).toBe('2'));
    expect(listReads()).toBe(2);
    expect(notifySuccess).toHaveBeenCalledWith('Theme updated');
    await userEvent.click(screen.getByRole('button', { name: 'delete' }));
    await waitFor(() => expect(screen.getByTestId('testimonials').textContent).toBe('1'));
    expect(listReads()).toBe(3);
  });
});
