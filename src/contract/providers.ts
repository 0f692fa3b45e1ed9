/** The mobile-money providers whose statements are reconciled (issue 13, decision 018). */
export const PROVIDERS = ['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'] as const;
export type Provider = (typeof PROVIDERS)[number];
