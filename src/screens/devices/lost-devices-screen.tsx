import type { LostDevice } from '../../contract/device-lists';
import { DeviceListScreen, deviceColumns } from './device-list';

/** Lost devices (/dashboard/lost-devices): reported lost and not recovered, with the date lost. */
export default function LostDevicesScreen() {
  return (
    <DeviceListScreen<LostDevice>
      kind="lost"
      columns={(h) => [
        ...deviceColumns<LostDevice>(h),
        { key: 'dateLost', header: h.t('customers:deviceLists.lost.dateLost'), cell: (r) => h.day(r.date_lost) },
        { key: 'notes', header: h.t('customers:deviceLists.notes'), cell: (r) => r.notes ?? '—' },
        { key: 'reportedBy', header: h.t('customers:deviceLists.reportedBy'), cell: (r) => r.reported_by ?? '—' },
      ]}
    />
  );
}
