import { Badge, Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { SuspendedImei } from '../../contract/device-lists';
import { DeviceListScreen, deviceColumns } from './device-list';

/**
 * Suspended IMEIs (/dashboard/suspended-imeis): every IMEI blocked because its device is reported stolen or lost,
 * until it is recorded recovered (decision 008). A user who may record recoveries gets a link to do it.
 */
export default function SuspendedImeisScreen() {
  return (
    <DeviceListScreen<SuspendedImei>
      kind="suspended"
      columns={(h) => [
        ...deviceColumns<SuspendedImei>(h),
        {
          key: 'reason',
          header: h.t('customers:deviceLists.suspended.reason'),
          cell: (r) => (
            <Badge colorPalette={r.reason === 'stolen' ? 'red' : 'orange'}>{h.t(`customers:device.statuses.${r.reason}`)}</Badge>
          ),
        },
        { key: 'since', header: h.t('customers:deviceLists.suspended.since'), cell: (r) => h.day(r.since) },
        { key: 'reportedBy', header: h.t('customers:deviceLists.reportedBy'), cell: (r) => r.reported_by ?? '—' },
        ...(h.roles.includes('ADD_RECOVERED_PHONE')
          ? [
              {
                key: 'recover',
                header: h.t('customers:deviceLists.suspended.action'),
                cell: (r: SuspendedImei) => (
                  <Button asChild size="xs" variant="outline">
                    <Link href={`/recovered-phone?search=${r.imei}`}>{h.t('customers:deviceLists.suspended.recover')}</Link>
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
