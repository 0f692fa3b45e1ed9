/** Every permission the portal knows (spec section 6). A group holds a set of these. */
export const ROLES = [
  'VIEW_SECURITY',
  'VIEW_USERS',
  'ADD_USER',
  'EDIT_ROLES',
  'VIEW_STORES',
  'VIEW_REGIONS',
  'VIEW_INVENTORY',
  'VIEW_ANALYTICS',
  'FIND_CUSTOMER',
  'ADD_STORE',
  'ADD_SECURITY_GROUP',
  'ADD_LOAN',
  'RATE_CALL',
  'REQUEST_OFFLINE_PIN',
  'REQUEST_LOAN_DEACTIVATION',
  'VIEW_CUSTOMER_PHONE',
  'VIEW_CUSTOMER_MESSAGES',
  'VIEW_CUSTOMER_LOANS',
  'VIEW_DEREGISTRATIONS',
  'APPROVE_DEREGISTRATION',
  'REQUEST_CHANGE_IMEI',
  'APPROVE_IMEI_CHANGE',
  'DENY_IMEI_CHANGE',
  'VIEW_IMEI_CHANGE_REQUESTS',
  'VIEW_APPROVALS',
  'REQUEST_LOAN_EXTENSION',
  'VIEW_LOAN_EXTENSION_REQUESTS',
  'APPROVE_LOAN_EXTENSION',
  'DENY_LOAN_EXTENSION',
  'RESET_PIN',
  'AWARD_DATA',
  'VIEW_CUSTOMERS_QUALIFIED_PHONES',
  'UPDATE_AGENT_LOCATION',
  'ADD_REGION_LEAD',
  'FIND_TRANSACTION',
  'VIEW_MY_DEFAULTERS_LIST_REPORT',
  'VIEW_NPL_DEFAULTERS_LIST_REPORT',
  'VIEW_ALL_DEFAULTERS_LIST_REPORT',
  'VIEW_DEFAULTERS_REASONS_REPORT',
  'REPORT_STOLEN_PHONE',
  'ADD_RECOVERED_PHONE',
  'VIEW_AGENT_CATEGORIES',
  'VIEW_SUSPENSE_TRANSACTIONS',
  'UPLOAD_RECONCILIATION_DOCUMENT',
  'ADD_CAPITAL_INJECTION',
  'DEDUCT_CAPITAL_INJECTION',
  'DEDUCT_CAPITAL',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Who may see or do something: any one of the listed roles, or any role whose code contains a text. */
export type Access = { readonly anyOf: readonly Role[] } | { readonly codeContains: string } | { readonly public: true };

export function allows(access: Access, held: readonly string[]): boolean {
  if ('public' in access) return true;
  if ('codeContains' in access) return held.some((code) => code.includes(access.codeContains));
  return access.anyOf.some((role) => held.includes(role));
}
