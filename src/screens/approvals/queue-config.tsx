import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { REQUEST_QUEUES, type RequestQueue } from '../../contract/requests';
import { formatDay, formatMoney } from '../../lib/display-format';
import { requestSummary, type SummarisedRequest } from '../common/request-summary';

/** What a queue item shows besides who asked when: the fields of its kind. */
type Row = Record<string, any>;

export interface QueueView {
  title: string;
  details: (row: Row, t: TFunction, locale: string) => ReactNode;
}

export const QUEUE_VIEWS: Record<RequestQueue, QueueView> = {
  loan_extension: {
    title: 'approvals.titles.loan_extension',
    details: (r, t, locale) =>
      t('approvals:extension', {
        count: r.days_to_extend,
        from: formatDay(r.current_next_repayment_date, locale),
        to: formatDay(r.proposed_next_repayment_date, locale),
      }),
  },
  loan_deactivation: {
    title: 'approvals.titles.loan_deactivation',
    details: (r, t, locale) =>
      t('approvals:deregistration', { count: r.active_loans.length, amount: formatMoney(r.write_off_amount, locale) }),
  },
  imei_change: {
    title: 'approvals.titles.imei_change',
    details: (r, t) => t('approvals.imei', { device: r.device.name, from: r.old_imei, to: r.new_imei }),
  },
  // Issue 17: in the reader's language, from the request's kind and what it changes (not the server's sentence).
  maker_checker: { title: 'approvals.titles.maker_checker', details: (r, t, locale) => requestSummary(t, r as SummarisedRequest, locale) },
  maker_checker_portal: {
    title: 'approvals.titles.maker_checker_portal',
    details: (r, t, locale) => requestSummary(t, r as SummarisedRequest, locale),
  },
};

export const rolesOf = (queue: RequestQueue) => REQUEST_QUEUES[queue];

/**
 * The approve button's green: the palette's solid shade (green.600) under white text is 3.29:1; green.700 passes AA.
 * A theme-wide fix belongs to the theme; these are this screen's own buttons.
 */
export const APPROVE_COLORS = { colorPalette: 'green', bg: 'green.700', color: 'white', _hover: { bg: 'green.800' } } as const;

/** "Amani Mrisho's loan extension", or the kind alone for a request with no customer. */
export function subjectOf(t: TFunction, row: { kind: string; customer: { name: string } | null } | undefined, id: number): string {
  if (!row) return t('approvals.request', { id });
  const what = t(`approvals:kinds.${row.kind}`, { defaultValue: t(`audit:kinds.${row.kind}`, { defaultValue: row.kind }) });
  return row.customer ? t('approvals:subjectOf', { name: row.customer.name, what }) : what;
}
