/**
 * A customer's current device, as every screen shows it: the device of their newest loan, else their newest
 * device. An SQL expression of the customer's id (`customer`, an SQL expression too).
 */
export const currentDeviceId = (customer: string) => `coalesce(
  (SELECT l.device_id FROM loans l WHERE l.customer_id = ${customer} ORDER BY l.started_at DESC, l.id DESC LIMIT 1),
  (SELECT n.id FROM devices n WHERE n.customer_id = ${customer} ORDER BY n.created_at DESC, n.id DESC LIMIT 1))`;

/** The current device of the customer whose id is the query's $1. */
export const CURRENT_DEVICE_ID = currentDeviceId('$1');

/** The catalogue's names mostly start with the brand already ("itel A70"): it is not written twice. */
export const deviceName = (brand: string, name: string) =>
  name.toLowerCase().startsWith(`${brand.toLowerCase()} `) || name.toLowerCase() === brand.toLowerCase() ? name : `${brand} ${name}`;
