/**
 * The mobile-money networks' brand names, the same in every language, named once for every screen that shows one: the
 * deposits list, the stores' billers and the home page's reconciliation figures spelled them apart, and two of them
 * disagreed on Tigo Pesa's name. Tigo Pesa is now Mixx by Yas; the old name stays beside the new one, which
 * customers and staff still use.
 */
export const MOBILE_MONEY_NAMES = {
  mpesa: 'M-Pesa',
  tigo_pesa: 'Mixx by Yas (Tigo Pesa)',
  airtel_money: 'Airtel Money',
  halopesa: 'HaloPesa',
} as const;

export type MobileMoneyNetwork = keyof typeof MOBILE_MONEY_NAMES;
