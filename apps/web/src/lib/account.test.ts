import { describe, expect, it } from 'vitest';
import { accountKindFromPath, homePath, loginPath, safeNextPath } from './account';

describe('accountKindFromPath', () => {
  it('reads the account type from the first path segment', () => {
    expect(accountKindFromPath('/customer/login')).toBe('customer');
    expect(accountKindFromPath('/merchant/products')).toBe('merchant');
    expect(accountKindFromPath('/admin')).toBe('admin');
    expect(accountKindFromPath('/shipping-partner/orders')).toBe('partner');
  });

  it('counts storefront as customer and defaults to customer', () => {
    expect(accountKindFromPath('/storefront/mama-put/products/1')).toBe('customer');
    expect(accountKindFromPath('/')).toBe('customer');
    expect(accountKindFromPath('/themes/edit/classic')).toBe('customer');
    expect(accountKindFromPath('')).toBe('customer');
  });
});

describe('paths', () => {
  it('builds sign-in and home paths with the segment of each account type', () => {
    expect(loginPath('partner')).toBe('/shipping-partner/login');
    expect(loginPath('admin', '/admin/admins?page=2')).toBe('/admin/login?next=%2Fadmin%2Fadmins%3Fpage%3D2');
    expect(homePath('customer')).toBe('/');
    expect(homePath('merchant')).toBe('/merchant');
  });

  it('follows `next` only inside the same account type', () => {
    expect(safeNextPath('admin', '/admin/admins')).toBe('/admin/admins');
    expect(safeNextPath('admin', '/merchant')).toBe('/admin');
    expect(safeNextPath('customer', '//evil.example')).toBe('/');
    expect(safeNextPath('customer', 'https://evil.example')).toBe('/');
    expect(safeNextPath('merchant', null)).toBe('/merchant');
  });
});
