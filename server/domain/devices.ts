/** The order of a customer's loans (over `l`) that puts their newest first. */
export const NEWEST_LOAN_FIRST = 'l.started_at DESC, l.id DESC';

/**
 * A customer's current device, where the device of their newest loan (`newestLoanDevice`, an SQL expression, null when
 * there is none) has been read already: that device, else their newest device. `customer` is the customer's id (SQL).
 */
export const currentDeviceIdAfter = (newestLoanDevice: string, customer: string) => `coalesce(${newestLoanDevice},
  (SELECT n.id FROM devices n WHERE n.customer_id = ${customer} ORDER BY n.created_at DESC, n.id DESC LIMIT 1))`;

/**
 * A customer's current device, as every screen shows it: the device of their newest loan, else their newest
 * device. An SQL expression of the customer's id (`customer`, an SQL expression too).
 */
export const currentDeviceId = (customer: string) =>
  currentDeviceIdAfter(
    `(SELECT l.device_id FROM loans l WHERE l.customer_id = ${customer} ORDER BY ${NEWEST_LOAN_FIRST} LIMIT 1)`,
    customer,
  );

/** The current device of the customer whose id is the query's $1. */
export const CURRENT_DEVICE_ID = currentDeviceId('$1');

/** The catalogue's names mostly start with the brand already ("itel A70"): it is not written twice. */
export const deviceName = (brand: string, name: string) =>
  name.toLowerCase().startsWith(`${brand.toLowerCase()} `) || name.toLowerCase() === brand.toLowerCase() ? name : `${brand} ${name}`;
