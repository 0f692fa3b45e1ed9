import { liveCustomerLookup, liveCustomerRequest } from '../../services/customers';
import { liveCustomerAction, liveCustomerList, liveDeviceStatus } from '../../services/customer-actions';
import { fetchDeviceList } from '../../services/device-lists';
import { liveLockChange } from '../../services/lock-change';
import { listing } from './lists';

/** The customer screens' and the device screens' live logic. */
export const customerLookup = liveCustomerLookup;
export const customerRequest = liveCustomerRequest;
export const customerAction = liveCustomerAction;
export const customerList = liveCustomerList;
export const deviceStatus = liveDeviceStatus;
export const lockChange = liveLockChange;
export const deviceLists = {
  damaged: listing({ fetchPage: fetchDeviceList('damaged') }),
  lost: listing({ fetchPage: fetchDeviceList('lost') }),
  suspended: listing({ fetchPage: fetchDeviceList('suspended') }),
};
