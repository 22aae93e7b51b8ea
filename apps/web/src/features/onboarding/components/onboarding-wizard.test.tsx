import { categoryEndpoints, onboardingEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryTree, ids, onboardingState, recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { OnboardingWizard } from './onboarding-wizard';

afterEach(() => vi.unstubAllGlobals());

function serve(initial: ReturnType<typeof onboardingState>) {
  let state = initial;
  const recorder = recordFetch(({ url, method, body }) => {
    if (url.includes(urlOf(categoryEndpoints.all)))
      return jsonResponse(200, { message: 'Categories', data: categoryTree });
    if (url.includes('/onboard/documents') && method === 'POST')
      return jsonResponse(201, {
        message: 'Document uploaded',
        data: { fileId: ids.file, contentType: 'image/png', byteSize: 3 },
      });
    if (url.endsWith(urlOf(onboardingEndpoints.update)) && method === 'PUT') {
      const keys = Object.keys(body as object);
      const step = keys.includes('dateOfBirth')
        ? 'identity'
        : keys.includes('homeAddress')
          ? 'address'
          : 'business';
      const weights = { identity: 25, address: 20, business: 20 } as const;
      state = {
        ...state,
        ...(body as object),
        completedSteps: [...state.completedSteps, step],
        percentageComplete: state.percentageComplete + weights[step],
      };
      return jsonResponse(200, { message: 'Saved', data: state });
    }
    return jsonResponse(200, { message: 'Onboarding', data: state });
  });
  vi.stubGlobal('fetch', recorder.fetchMock);
  return recorder;
}

describe('OnboardingWizard', () => {
  it('shows the percentage and resumes at the first step not done', async () => {
    serve(onboardingState({ completedSteps: ['identity'], percentageComplete: 50 }));
    renderScreen(<OnboardingWizard />);
    const progress = await screen.findByRole('progressbar', { name: 'Onboarding progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50% complete')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 2 of 4: Address' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Identity\s*\(done\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Address\s*\(to do\)/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it('lists the LGAs of the chosen state and resets the LGA when the state changes', async () => {
    serve(onboardingState({ completedSteps: ['identity'], percentageComplete: 50 }));
    const person = userEvent.setup();
    renderScreen(<OnboardingWizard />);
    const home = within(await screen.findByRole('group', { name: 'Home address' }));
    const lga = home.getByLabelText('LGA') as HTMLSelectElement;
    expect(within(lga).getAllByRole('option')).toHaveLength(1); // "Choose a state first"

    await person.selectOptions(home.getByLabelText('State'), 'Lagos');
    expect(within(lga).getByRole('option', { name: 'Ikeja' })).toBeInTheDocument();
    expect(within(lga).getAllByRole('option')).toHaveLength(21); // 20 LGAs of Lagos + the prompt
    await person.selectOptions(lga, 'Ikeja');

    await person.selectOptions(home.getByLabelText('State'), 'Kano');
    expect(lga.value).toBe('');
    expect(within(lga).queryByRole('option', { name: 'Ikeja' })).not.toBeInTheDocument();
    expect(within(lga).getByRole('option', { name: 'Dala' })).toBeInTheDocument();
  });

  it('asks for the document, uploads it as multipart and moves on with the new percentage', async () => {
    const { calls } = serve(onboardingState());
    const person = userEvent.setup();
    renderScreen(<OnboardingWizard />);
    await screen.findByRole('heading', { name: 'Step 1 of 4: Identity' });
    await person.type(screen.getByLabelText('Date of birth'), '1990-05-01');
    await person.selectOptions(screen.getByLabelText('ID document type'), 'nin');
    await person.type(screen.getByLabelText('ID document number'), '12345678901');
    await person.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Upload your ID document')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    const file = new File(['png'], 'nin.png', { type: 'image/png' });
    await person.upload(screen.getByLabelText(/Choose a PDF, JPEG, PNG or WebP file/), file);
    expect(await screen.findByText(/Uploaded nin.png/)).toBeInTheDocument();
    const upload = calls.find((call) => call.method === 'POST');
    expect(upload?.url).toBe(urlOf(onboardingEndpoints.uploadDocument, { query: { kind: 'id-document' } }));
    expect(upload?.body).toBeInstanceOf(FormData);

    await person.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Address' })).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      dateOfBirth: '1990-05-01',
      nationality: 'Nigerian',
      idDocumentType: 'nin',
      idDocumentNumber: '12345678901',
      idDocumentFileId: ids.file,
    });
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
  });

  it('shows each plan with its monthly price and what it includes, and saves the choice', async () => {
    const { calls } = serve(
      onboardingState({ completedSteps: ['identity', 'address', 'business'], percentageComplete: 90 }),
    );
    const person = userEvent.setup();
    renderScreen(<OnboardingWizard />);
    await screen.findByRole('heading', { name: 'Step 4 of 4: Pricing plan' });
    const starter = screen.getByRole('radio', { name: /^Starter,\s*₦5,000\.00 a month$/ });
    expect(starter).toHaveAccessibleDescription(/Take orders and payments in naira/);
    expect(
      screen.getByRole('radio', { name: /^Growth,\s*₦15,000\.00 a month$/ }),
    ).toHaveAccessibleDescription(/A higher product limit/);
    const pro = screen.getByRole('radio', { name: /^Pro,\s*₦45,000\.00 a month$/ });
    expect(pro).toHaveAccessibleDescription(/The highest product limit/);
    // Staff and themes are on every plan (issue 34 item 7): the Starter plan says so, no plan sells them as its own.
    expect(starter).toHaveAccessibleDescription(/Staff accounts with their own roles/);
    await person.click(screen.getByText('Priority support'));
    expect(pro).toBeChecked();
    await person.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ plan: 'pro' }));
  });
});
