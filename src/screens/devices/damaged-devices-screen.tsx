import type { DamagedDevice } from '../../contract/device-lists';
import { DeviceListScreen, deviceColumns } from './device-list';

/** Damaged devices (/dashboard/damaged-devices): where each is being repaired and why. */
export default function DamagedDevicesScreen() {
  return (
    <DeviceListScreen<DamagedDevice>
      kind="damaged"
      columns={(h) => [
        ...deviceColumns<DamagedDevice>(h),
        { key: 'damagedOn', header: h.t('customers:deviceLists.damaged.damagedOn'), cell: (r) => h.day(r.damaged_on) },
        { key: 'serviceCentre', header: h.t('customers:deviceLists.damaged.serviceCentre'), cell: (r) => r.service_centre ?? '—' },
        { key: 'repairReason', header: h.t('customers:deviceLists.damaged.repairReason'), cell: (r) => r.repair_reason ?? '—' },
      ]}
    />
  );
}
