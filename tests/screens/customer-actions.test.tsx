import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The customer-action calls, in memory: what was sent, and the device's status. */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body: any }>,
  deviceStatus: 'active' as string,
  pinRefusal: null as null | object,
}));

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
const device = {
  id: 3,
  imei: '356938035643809',
  device_name: 'itel A70',
  model: 'A665L',
  sku: 'ITL-A70',
  lock_solution_type: 'trustonic',
  lock_status: 'active',
  is_locked: false,
  status: 'active',
  last_check_in: null,
  enrolled_at: null,
  future_lock_date: null,
};
const status = () => ({
  device_id: 3,
  imei: device.imei,
  device_name: 'itel A70',
  status: server.deviceStatus,
  is_locked: server.deviceStatus === 'stolen',
  customer: { id: 9, msisdn: customer.msisdn, name: 'Zainabu Hassani Doto' },
  loan: null,
  last_incident: null,
});

vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any }) => {
    server.calls.push({ path: route.path, body: options.body });
    switch (route.path) {
      case '/api/v1/view_customer_msisdn':
        return { customer, device, loans: [] };
      case '/api/v1/get_customer_sms':
        return {
          total: 2,
          texts: [
            { id: 2, body: 'Kumbusho: lipa leo', category: 'reminder', status: 'delivered', sent_at: '2026-11-01T08:00:00.000Z' },
            { id: 1, body: 'Karibu Simu', category: 'welcome', status: 'sent', sent_at: '2026-10-01T08:00:00.000Z' },
          ],
        };
      case '/api/v1/customer_call_ratings':
        return { total: 0, ratings: [] };
      case '/api/v1/deposit_transactions':
        return { total: 0, transactions: [] };
      case '/api/v1/loan_statements':
        return { statements: [] };
      case '/api/v1/customer_requests':
        return { total: 0, requests: [] };
      case '/api/v1/customer_call_rating':
        return {
          id: 1,
          call_type: 'incoming',
          mood: 'sad',
          description: 'repair',
          comment: null,
          rated_by: 'Grace',
          created_at: '2026-11-02T08:00:00.000Z',
        };
      case '/api/v1/offline_unlock_customer_phone':
        if (server.pinRefusal) throw server.pinRefusal;
        return { code: '40718265', imei: device.imei, expires_at: '2026-11-03T08:00:00.000Z', left_for_device: 2 };
      case '/api/v1/device_status':
        return status();
      case '/api/v1/update/stolen_phones':
        server.deviceStatus = 'stolen';
        return status();
      default:
        throw { status: 500, message: `unexpected ${route.path}` };
    }
  },
}));

beforeEach(() => {
  server.calls = [];
  server.deviceStatus = 'active';
  server.pinRefusal = null;
});

const callCentre = [
  'FIND_CUSTOMER',
  'VIEW_CUSTOMER_PHONE',
  'VIEW_CUSTOMER_LOANS',
  'VIEW_CUSTOMER_MESSAGES',
  'RATE_CALL',
  'REQUEST_OFFLINE_PIN',
  'REPORT_STOLEN_PHONE',
  'ADD_RECOVERED_PHONE',
];
const sent = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);

describe('customer view actions', () => {
  it('lists the SMS newest first and rates a call after checking the form', async () => {
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession(callCentre));
    const ui = jsdomUi();
    await ui.seeText('Kumbusho: lipa leo');
    const texts = screen.getByTestId('sms-list').textContent!;
    expect(texts.indexOf('Kumbusho')).toBeLessThan(texts.indexOf('Karibu'));
    await ui.click('button', 'Rate call');
    await ui.click('button', 'Submit rating');
    await ui.seeText('Call type is required');
    expect(sent('/api/v1/customer_call_rating')).toEqual([]);
    await ui.select('Call type', 'incoming');
    await ui.select("Customer's mood", 'sad');
    await ui.select('Description', 'repair');
    await ui.click('button', 'Submit rating');
    await ui.seeAlert('call rating submitted');
    expect(sent('/api/v1/customer_call_rating')).toEqual([
      { msisdn: '255754123456', call_type: 'incoming', mood: 'sad', description: 'repair' },
    ]);
  });

  it('issues an offline PIN after the question and shows the code once; a refusal is said in words', async () => {
    await renderApp('/dashboard/customers/view?msisdn=255754123456', loggedInSession(callCentre));
    const ui = jsdomUi();
    server.pinRefusal = { status: 409, message: 'stolen', reason: 'device_stolen' };
    await ui.click('button', 'Offline PIN');
    await ui.click('button', 'Issue PIN');
    await ui.seeAlert('This phone is reported stolen: it stays locked until it is recorded recovered.');
    server.pinRefusal = null;
    await ui.click('button', 'Issue PIN');
    expect(await screen.findByTestId('offline-pin')).toHaveTextContent('40718265');
    await ui.click('button', 'Close');
    await ui.notSee('dialog', 'Offline PIN');
    expect(sent('/api/v1/offline_unlock_customer_phone')).toHaveLength(2);
  });
});

describe('report stolen', () => {
  it('finds the device, asks before reporting, then shows it locked', async () => {
    await renderApp('/dashboard/stolen-phone?search=356938035643809', loggedInSession(callCentre));
    const ui = jsdomUi();
    await ui.see('heading', 'Report stolen phone');
    await ui.click('button', 'Find device');
    await ui.see('heading', 'itel A70');
    await ui.click('button', 'Report stolen');
    expect(sent('/api/v1/update/stolen_phones')).toEqual([]);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'The phone 356938035643809 of Zainabu Hassani Doto will be locked at once',
    );
    await ui.click('button', /^Report stolen$/);
    await ui.seeAlert('Reported stolen: the phone is locked.');
    expect(screen.getByTestId('device-lock')).toHaveTextContent('Locked');
    expect(sent('/api/v1/update/stolen_phones')[0]).toMatchObject({ imei: '356938035643809' });
  });
});
