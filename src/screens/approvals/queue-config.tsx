import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { REQUEST_QUEUES, type RequestQueue } from '../../contract/requests';
import { formatTzs } from '../../lib/money';

/** What a queue item shows besides who asked when: the fields of its kind. */
type Row = Record<string, any>;

export interface QueueView {
  title: string;
  details: (row: Row, t: TFunction, locale: string) => ReactNode;
}

export const QUEUE_VIEWS: Record<RequestQueue, QueueView> = {
  loan_extension: {
    title: 'approvals.titles.loan_extension',
    details: (r, t) =>
      t('approvals.extension', {
        days: r.days_to_extend,
        from: r.current_next_repayment_date ?? '—',
        to: r.proposed_next_repayment_date ?? '—',
      }),
  },
  loan_deactivation: {
    title: 'approvals.titles.loan_deactivation',
    details: (r, t, locale) =>
      t('approvals.deregistration', { loans: r.active_loans.length, amount: formatTzs(r.write_off_amount, locale) }),
  },
  imei_change: {
    title: 'approvals.titles.imei_change',
    details: (r, t) => t('approvals.imei', { device: r.device.name, from: r.old_imei, to: r.new_imei }),
  },
  maker_checker: { title: 'approvals.titles.maker_checker', details: (r) => r.summary },
  maker_checker_portal: { title: 'approvals.titles.maker_checker_portal', details: (r) => r.summary },
};

export const rolesOf = (queue: RequestQueue) => REQUEST_QUEUES[queue];
