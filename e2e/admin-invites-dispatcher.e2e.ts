import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chromiumPath,
  expectNoSidewaysScroll,
  newestMail,
  screenshotsDir,
  signIn,
  useJourney,
} from './harness';

describe.skipIf(!chromiumPath)('super admin invites a dispatcher', () => {
  const journey = useJourney();

  it('creates a dispatcher who sets a password from the mail and reaches the dispatcher dashboard', async () => {
    const dispatcherEmail = `dayo.${Date.now()}@demo.ng`;

    // the super admin, on a phone
    const adminContext = await journey.phone();
    const admin = await adminContext.newPage();
    await signIn(admin, journey.baseUrl, 'admin', 'superadmin@demo.ng');
    await admin.getByRole('heading', { name: 'Super admin dashboard' }).waitFor();

    await admin.getByRole('button', { name: 'Menu' }).click();
    await admin
      .getByRole('navigation', { name: 'Admin console (menu)' })
      .getByRole('link', { name: 'Admins' })
      .click();
    await admin.getByRole('heading', { name: 'Admins', exact: true }).waitFor();
    await admin.getByText('admin@demo.ng', { exact: true }).first().waitFor();
    await admin.screenshot({ path: path.join(screenshotsDir, 'admins-list-360.png'), fullPage: true });
    await expectNoSidewaysScroll(admin);

    await admin.getByRole('link', { name: 'Create admin' }).click();
    await admin.getByLabel('First name').fill('Dayo');
    await admin.getByLabel('Last name').fill('Adeyemi');
    await admin.getByLabel('Email').fill(dispatcherEmail);
    await admin.getByLabel('Role').selectOption('dispatcher');
    await admin.getByRole('button', { name: 'Create admin' }).click();
    await admin.getByText('Admin successfully created').first().waitFor();
    await admin.getByText(dispatcherEmail).first().waitFor();
    await adminContext.close();

    // the dispatcher, on their own phone
    const mail = await newestMail(journey.baseUrl, dispatcherEmail);
    const link = mail.links.find((url) => url.includes('/admin/reset-password/'));
    expect(link).toBeTruthy();
    const dispatcherContext = await journey.phone();
    const dispatcher = await dispatcherContext.newPage();
    await dispatcher.goto(link!);
    await dispatcher.getByLabel('New password', { exact: true }).fill('Dispatch-2025!');
    await dispatcher.getByLabel('Confirm new password', { exact: true }).fill('Dispatch-2025!');
    await dispatcher.getByRole('button', { name: 'Save password' }).click();
    await dispatcher.getByText('Your password has been set').waitFor();
    await dispatcher.getByRole('link', { name: 'Go to sign in' }).click();

    await dispatcher.getByLabel('Email').fill(dispatcherEmail);
    await dispatcher.getByLabel('Password', { exact: true }).fill('Dispatch-2025!');
    await dispatcher.getByRole('button', { name: 'Sign in' }).click();
    await dispatcher.getByRole('heading', { name: 'Dispatcher dashboard' }).waitFor();
    await dispatcher.screenshot({
      path: path.join(screenshotsDir, 'dispatcher-dashboard-360.png'),
      fullPage: true,
    });

    // a dispatcher sees orders but not admin management
    await dispatcher.getByRole('button', { name: 'Menu' }).click();
    const menu = dispatcher.getByRole('navigation', { name: 'Dispatcher console (menu)' });
    await menu.getByRole('link', { name: 'Orders' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Admins' }).count()).toBe(0);
    await dispatcherContext.close();
  });
});
