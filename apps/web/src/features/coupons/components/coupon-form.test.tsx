import { couponMerchantEndpoints, urlOf } from '@market/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fixtures-catalog';
import { jsonResponse, renderScreen } from '../../../test/render';
import { CouponForm } from './coupon-form';
import { todayUtc } from './coupon-status';

afterEach(() => vi.unstubAllGlobals());

const couponId = '5f0f3c2e-8a51-4c43-9a8e-2f4a7c1b9d10';

function coupon(overrides: Record<string, unknown> = {}) {
  return {
    id: couponId,
    storeId: '8d5b1f0e-2a44-4f7e-9a3b-6c1d2e3f4a5b',
    discountMode: 'Code',
    code: 'SALLAH10',
    description: 'Sallah sale',
    discountType: 'Percent',
    discountValue: 10,
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    spendAppliesTo: 'AllProducts',
    spendAppliesToId: [],
    minRequireType: 'Amount',
    minRequireValue: 5000,
    usageLimit: 100,
    usageLimitPerUser: 1,
    usedCount: 3,
    customerEligibility: 'Everyone',
    customerIds: [],
    customerReward: 2000,
    rewardAppliesTo: 'Product',
    rewardAppliesToId: [],
    rewardValue: 20,
    isPublic: true,
    isActive: true,
    status: 'expired',
    products: [],
    createdAt: '2026-02-20T10:00:00.000Z',
    updatedAt: '2026-02-20T10:00:00.000Z',
    ...overrides,
  };
}

function serve(
  answer: (body: unknown) => Response = () =>
    jsonResponse(201, { message: 'Coupon created', data: coupon() }),
) {
  const recorder = recordFetch(({ url, method, body }) => {
    if (url.startsWith(urlOf(couponMerchantEndpoints.create)) && (method === 'POST' || method === 'PATCH'))
      return answer(body);
    return jsonResponse(404, { message: 'Not found', error: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', recorder.fetchMock);
  return recorder;
}

describe('CouponForm', () => {
  it('starts with the defaults of the specification', async () => {
    serve();
    const person = userEvent.setup();
    renderScreen(<CouponForm onDone={vi.fn()} />);
    expect(screen.getByLabelText('Discount mode')).toHaveValue('Automatic');
    expect(screen.queryByLabelText('Coupon code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Discount type')).toHaveValue('Percent');
    expect(screen.getByLabelText('Start date')).toHaveValue(todayUtc());
    expect(screen.getByLabelText('End date')).toHaveValue('');
    expect(screen.getByLabelText('Items the coupon applies to')).toHaveValue('AllProducts');
    expect(screen.getByLabelText('Minimum requirement')).toHaveValue('Amount');
    expect(screen.getByLabelText('Minimum amount (₦)')).toHaveValue(0);
    expect(screen.getByLabelText('Total uses')).toHaveValue(0);
    expect(screen.getByLabelText('Uses per customer')).toHaveValue(0);
    expect(screen.getByLabelText('Who can use it')).toHaveValue('Everyone');
    expect(screen.getByLabelText('Switched on')).toBeChecked();
    await person.selectOptions(screen.getByLabelText('Discount type'), 'BuyXGetY');
    expect(screen.getByLabelText('Customer reward (₦)')).toHaveValue(2000);
    expect(screen.getByLabelText('Discount on each reward item (%)')).toHaveValue(20);
    expect(screen.getByLabelText('Reward items')).toHaveValue('Product');
  });

  it('marks the required fields visibly and with aria-required, and says what the mark means', async () => {
    serve();
    const person = userEvent.setup();
    renderScreen(<CouponForm onDone={vi.fn()} />);
    expect(screen.getByText(/are required/)).toBeInTheDocument();
    const required = (label: string) => {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveAttribute('aria-required', 'true');
      // the asterisk sits beside the label, hidden from screen readers (they hear "required" from the field)
      const mark = field.parentElement?.querySelector('span[aria-hidden="true"]');
      expect(mark, label).toHaveTextContent('*');
    };
    for (const label of [
      'Percent off',
      'Start date',
      'Minimum amount (₦)',
      'Total uses',
      'Uses per customer',
    ])
      required(label);
    for (const label of ['Description', 'End date'])
      expect(screen.getByLabelText(label), label).not.toHaveAttribute('aria-required');

    await person.selectOptions(screen.getByLabelText('Discount mode'), 'Code');
    required('Coupon code');
    await person.selectOptions(screen.getByLabelText('Discount type'), 'Fixed');
    required('Amount off (₦)');
    await person.selectOptions(screen.getByLabelText('Discount type'), 'BuyXGetY');
    for (const label of [
      'Customer buys (X items)',
      'Customer gets (Y items)',
      'Discount on each reward item (%)',
      'Customer reward (₦)',
    ])
      required(label);
    await person.selectOptions(screen.getByLabelText('Who can use it'), 'SpecificCustomers');
    required('Customer ids');
    await person.selectOptions(screen.getByLabelText('Items the coupon applies to'), 'SpecificCategories');
    expect(screen.getByRole('group', { name: 'Categories' })).toHaveAccessibleDescription(
      'Tick at least one category.',
    );
    await person.selectOptions(screen.getByLabelText('Items the coupon applies to'), 'SpecificProducts');
    expect(screen.getByRole('region', { name: 'Products' })).toHaveAccessibleDescription(
      'Choose at least one product.',
    );
  });

  it('requires a code in Code mode and sends nothing', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    renderScreen(<CouponForm onDone={vi.fn()} />);
    await person.selectOptions(screen.getByLabelText('Discount mode'), 'Code');
    await person.type(screen.getByLabelText('Percent off'), '10');
    await person.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('A Code coupon needs a code')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await person.type(screen.getByLabelText('Coupon code'), 'sallah10');
    await person.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      discountMode: 'Code',
      code: 'SALLAH10',
      discountType: 'Percent',
      discountValue: 10,
      usageLimit: 0,
      usageLimitPerUser: 0,
      customerReward: 2000,
      rewardValue: 20,
    });
  });

  it('sends buy X get Y as Quantity X and Y reward items', async () => {
    const onDone = vi.fn();
    const { calls } = serve();
    const person = userEvent.setup();
    renderScreen(<CouponForm onDone={onDone} />);
    await person.selectOptions(screen.getByLabelText('Discount type'), 'BuyXGetY');
    expect(screen.getByText(/cheapest reward items of the cart/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Minimum requirement')).not.toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Customer buys (X items)')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByLabelText('Customer gets (Y items)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
    await person.type(screen.getByLabelText('Customer buys (X items)'), '2');
    await person.type(screen.getByLabelText('Customer gets (Y items)'), '1');
    await person.clear(screen.getByLabelText('Discount on each reward item (%)'));
    await person.type(screen.getByLabelText('Discount on each reward item (%)'), '100');
    await person.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      discountMode: 'Automatic',
      code: null,
      discountType: 'BuyXGetY',
      discountValue: 1,
      minRequireType: 'Quantity',
      minRequireValue: 2,
      rewardAppliesTo: 'Product',
      rewardAppliesToId: [],
      rewardValue: 100,
      customerReward: 2000,
    });
  });

  it('refuses an end date before the start date and sends an empty end date as null', async () => {
    const { calls } = serve();
    const person = userEvent.setup();
    renderScreen(<CouponForm onDone={vi.fn()} />);
    await person.type(screen.getByLabelText('Percent off'), '15');
    await person.clear(screen.getByLabelText('Start date'));
    await person.type(screen.getByLabelText('Start date'), '2026-12-10');
    await person.type(screen.getByLabelText('End date'), '2026-12-01');
    await person.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await person.clear(screen.getByLabelText('End date'));
    await person.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls[0]?.body).toMatchObject({ startDate: '2026-12-10', endDate: null, discountValue: 15 });
  });

  it('puts a 422 on its field and edits with PATCH', async () => {
    const { calls } = serve(() =>
      jsonResponse(422, {
        message: 'Validation failed',
        error: 'VALIDATION_ERROR',
        details: [{ path: 'code', message: 'Your store already has this code' }],
      }),
    );
    const person = userEvent.setup();
    renderScreen(<CouponForm coupon={coupon() as never} onDone={vi.fn()} />);
    expect(screen.getByLabelText('Coupon code')).toHaveValue('SALLAH10');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-03-31');
    await person.click(screen.getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Coupon code')).toHaveAccessibleDescription(
      expect.stringContaining('Your store already has this code'),
    );
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe(urlOf(couponMerchantEndpoints.update, { params: { id: couponId } }));
    expect(patch?.body).toMatchObject({ code: 'SALLAH10', usageLimit: 100, minRequireValue: 5000 });
  });

  it('says Check network connection when the network fails', async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    const person = userEvent.setup();
    renderScreen(<CouponForm onDone={vi.fn()} />);
    await person.type(screen.getByLabelText('Percent off'), '5');
    await person.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Check network connection')).toBeInTheDocument();
  });
});
