import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The calls of the customer view and of the lock change, in memory: what was sent, and what the server refuses. */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  deviceStatus: 'active',
  loadDown: false,
  startRefusal: null as null | object,
  confirmRefusals: [] as object[],
}));

const IMEI = '356938035643809';
const customer = {
  id: 9,
  msisdn: '255754123456',
  first_name: 'Zainabu',
  other_names: 'Hassani Doto',
  sex: 'F',
  date_of_birth: '1990-04-01',
  id_type: 'nida',
  national_id: '19900401-12345-00001-23',
  nida_number: null,
  customer_key: 'CK-9',
  registered_at: '2026-01-10T08:00:00.000Z',
  loan_status: 'active',
  birth_country: 'Tanzania',
  birth_region: null,
  birth_district: null,
  birth_ward: null,
  resident_postal_code: null,
  resident_region: null,
  resident_district: null,
  resident_village: null,
  resident_street: null,
  security_question: null,
};
const device = () => ({
  id: 3,
  imei: IMEI,
  device_name: 'itel A70',
  model: 'A665L',
  sku: 'ITL-A70',
  lock_solution_type: 'dial_code',
  lock_status: 'active',
  is_locked: false,
  status: server.deviceStatus,
  last_check_in: null,
  enrolled_at: null,
  future_lock_date: null,
});
const started = (type: string) => ({
  imei: IMEI,
  from_lock_solution_type: 'dial_code',
  lock_solution_type: type,
  dial_code: null,
  qr_payload: type === 'oguard' ? '{"android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME":"com.oguard.dpc/.AdminReceiver"}' : null,
  vivo_code_required: type === 'vivo',
  started_at: '2026-11-02T08:00:00.000Z',
});

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any }) => {
    server.calls.push({ path: route.path, body: options.body });
    switch (route.path) {
      case '/api/v1/view_customer_msisdn':
        return { customer, device: device(), loans: [] };
      case '/api/v1/get_customer_sms':
        return { total: 0, texts: [] };
      case '/api/v1/customer_call_ratings':
        return { total: 0, ratings: [] };
      case '/api/v1/deposit_transactions':
        return { total: 0, transactions: [] };
      case '/api/v1/loan_statements':
        return { statements: [] };
      case '/api/v1/view_customer_device_lock_type':
        if (server.loadDown) throw { status: null, message: 'Failed to fetch' };
        return {
          imei: IMEI,
          lock_solution_type: 'dial_code',
          available_lock_solution_types: ['trustonic', 'oguard', 'rguard', 'zte', 'vivo'],
        };
      case '/api/v1/get_customer_status_lock_solution':
        return {
          imei: IMEI,
          lock_solution_type: 'dial_code',
          lock_status: 'active',
          activation_status: null,
          is_locked: false,
          last_check_in: null,
          enrolled_at: null,
        };
      case '/api/v1/change_lock_solution':
        if (server.startRefusal) throw server.startRefusal;
        return started(options.body.lock_solution_type);
      case '/api/v1/change_lock_solution/send_auth_code':
        return { sent_at: '2026-11-02T08:00:00.000Z', expires_at: '2026-11-02T08:05:00.000Z' };
      case '/api/v1/verify_auth_code/vivo/device':
        return { imei: IMEI, verified: true };
      case '/api/v1/confirm_lock_solution_change': {
        const refusal = server.confirmRefusals.shift();
        if (refusal) throw refusal;
        const type = [...server.calls].reverse().find((c) => c.path === '/api/v1/change_lock_solution')!.body.lock_solution_type;
        return {
          imei: IMEI,
          from_lock_solution_type: 'dial_code',
          lock_solution_type: type,
          activation_status: 'activated',
          enrolment: 'enrolled',
          changed_at: '2026-11-02T08:05:00.000Z',
        };
      }
      default:
        throw { status: 500, message: `unexpected ${route.path}` };
    }
  },
}));

beforeEach(() => {
  server.calls = [];
  server.deviceStatus = 'active';
  server.loadDown = false;
  server.startRefusal = null;
  server.confirmRefusals = [];
});

const agent = ['FIND_CUSTOMER', 'VIEW_CUSTOMER_PHONE', 'VIEW_CUSTOMER_LOANS', 'ADD_LOAN'];
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);
const VIEW = '/dashboard/customers/view?msisdn=255754123456';

describe('lock solution change from the customer view', () => {
  it('shows the current lock with its unavailable facts, asks for a type, shows the QR, asks for both checkboxes, then applies', async () => {
    await renderApp(VIEW, loggedInSession(agent));
    const ui = jsdomUi();
    await ui.click('button', 'Lock solution change');
    await ui.see('dialog', 'Lock solution change');
    await ui.seeText('Current lock solution');
    await ui.seeText('Activation is unavailable');
    // The last check-in, in the dialog (the device section of the view says the same).
    expect(within(screen.getByRole('dialog')).getByText('Date is unavailable')).toBeInTheDocument();
    await ui.seeText('Enrolled-at date is unavailable');

    await ui.click('button', 'Start the change');
    await ui.seeText('Choose the new lock solution type');
    expect(sent('/api/v1/change_lock_solution')).toEqual([]);
    await ui.select('New lock solution type', 'oguard');
    await ui.click('button', 'Start the change');

    await ui.seeText(`Install the OGuard lock on the phone with IMEI ${IMEI}, in place of Dial code.`);
    expect(await screen.findByLabelText('Provisioning QR code')).toBeInTheDocument();
    await ui.click('button', 'Confirm the change');
    await ui.seeText('Confirm that the lock solution and the mobile app are installed');
    expect(sent('/api/v1/confirm_lock_solution_change')).toEqual([]);
    fireEvent.click(screen.getByText('The lock solution is installed'));
    fireEvent.click(screen.getByText('The mobile app is installed'));
    await ui.click('button', 'Confirm the change');

    await ui.seeAlert('The lock solution is now OGuard, activated.');
    expect(sent('/api/v1/change_lock_solution')).toEqual([{ msisdn: '255754123456', lock_solution_type: 'oguard' }]);
    expect(sent('/api/v1/confirm_lock_solution_change')).toEqual([{ msisdn: '255754123456', lock_installed: true, app_installed: true }]);
  });

  it('vivo: sends the code through the change, verifies it, and says a refusal of the confirmation in words', async () => {
    await renderApp(VIEW, loggedInSession(agent));
    const ui = jsdomUi();
    await ui.click('button', 'Lock solution change');
    await ui.select('New lock solution type', 'vivo');
    await ui.click('button', 'Start the change');
    await ui.click('button', 'Send the authorization code');
    await ui.fill('Authorization code', '482913');
    await ui.click('button', 'Verify the code');
    expect(sent('/api/v1/change_lock_solution/send_auth_code')).toEqual([{ imei: IMEI }]);
    expect(sent('/api/v1/verify_auth_code/vivo/device')).toEqual([{ imei: IMEI, code: '482913' }]);

    server.confirmRefusals = [{ status: 409, message: 'not verified', reason: 'vivo_not_verified' }];
    fireEvent.click(await screen.findByText('The lock solution is installed'));
    fireEvent.click(screen.getByText('The mobile app is installed'));
    await ui.click('button', 'Confirm the change');
    await ui.seeAlert('Verify the vivo authorization code before confirming the change.');
    await ui.click('button', 'Confirm the change');
    await ui.seeAlert('The lock solution is now vivo, activated.');
  });

  it('says a refused start in words, lets another type be chosen, and goes back from the instructions', async () => {
    await renderApp(VIEW, loggedInSession(agent));
    const ui = jsdomUi();
    await ui.click('button', 'Lock solution change');
    server.startRefusal = { status: 409, message: 'stolen', reason: 'device_stolen' };
    await ui.select('New lock solution type', 'zte');
    await ui.click('button', 'Start the change');
    await ui.seeAlert('This phone is reported stolen or lost: its lock cannot change until it is recorded recovered.');
    server.startRefusal = null;
    await ui.click('button', 'Start the change');
    await ui.seeText('Open the ZTE lock app on the handset, enrol it, then install the customer app.');
    await ui.click('button', 'Choose another type');
    await ui.see('button', 'Start the change');
  });

  it('offers a retry when the lock cannot be loaded', async () => {
    server.loadDown = true;
    await renderApp(VIEW, loggedInSession(agent));
    const ui = jsdomUi();
    await ui.click('button', 'Lock solution change');
    await ui.see('button', 'Retry');
    server.loadDown = false;
    await ui.click('button', 'Retry');
    await ui.seeText('Current lock solution');
  });

  it('is not offered without ADD_LOAN', async () => {
    await renderApp(VIEW, loggedInSession(['FIND_CUSTOMER', 'VIEW_CUSTOMER_PHONE']));
    const ui = jsdomUi();
    await ui.see('heading', 'Zainabu Hassani Doto');
    expect(screen.queryByRole('button', { name: 'Lock solution change' })).toBeNull();
  });

  it('is not offered for a stolen phone', async () => {
    server.deviceStatus = 'stolen';
    await renderApp(VIEW, loggedInSession(agent));
    const ui = jsdomUi();
    await ui.see('heading', 'Zainabu Hassani Doto');
    expect(screen.queryByRole('button', { name: 'Lock solution change' })).toBeNull();
  });
});
