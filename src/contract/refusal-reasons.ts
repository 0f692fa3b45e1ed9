/**
 * The server's refusal reasons of some areas, with no zod: the screens' failure words (describe-failure.ts) load with
 * the login route, which must not carry the contract's schemas (decision 003, the login size budget).
 */

/** The customer actions' refusals (src/contract/customer-actions.ts), so the screens say them in every language. */
export const CUSTOMER_ACTION_REFUSALS = [
  'not_found', // 404: no such customer or device
  'no_device', // 404: the customer has no device
  'already_stolen', // 409: the device is already reported stolen (or lost)
  'not_stolen', // 409: recovering a device that is neither stolen nor lost
  'device_stolen', // 409: an unlock of a stolen or lost device
  'device_rate_limited', // 429: too many offline PINs for this device
  'staff_rate_limited', // 429: too many offline PINs by this staff member
  'bundle_recent', // 409: a data bundle was awarded to this customer in the last 7 days
] as const;

/** The lock change's refusals (src/contract/lock-change.ts), so the screens say them in every language. */
export const LOCK_CHANGE_REFUSALS = [
  'not_found', // 404: no such customer
  'no_device', // 404: the customer has no device
  'device_stolen', // 409: a stolen or lost device keeps its lock until it is recovered
  'same_lock_type', // 409: the device already has this lock type
  'no_change_started', // 409: confirming (or sending a vivo code) with no change started
  'vivo_not_verified', // 409: a change to vivo before its authorization code is verified
] as const;
