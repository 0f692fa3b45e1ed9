import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PortalUser } from '../../contract/prerequisites';
import { DataTable, type Column } from '../common/data-table';
import type { ResourceList } from '../common/use-resource-list';

/** The portal users table: username, full name, email, role, last seen, last IP, OTP status, OTP channel. */
export function UsersTable({ source }: { source: ResourceList<PortalUser> }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const columns: Column<PortalUser>[] = [
    { key: 'username', header: t('users.username'), cell: (u) => u.username },
    { key: 'full_name', header: t('users.fullName'), cell: (u) => u.full_name },
    { key: 'email', header: t('users.email'), cell: (u) => u.email },
    { key: 'role', header: t('users.role'), cell: (u) => u.role },
    { key: 'last_seen', header: t('users.lastSeen'), cell: (u) => (u.last_seen ? when.format(new Date(u.last_seen)) : t('users.never')) },
    { key: 'last_ip', header: t('users.lastIp'), cell: (u) => u.last_ip ?? '—' },
    {
      key: 'otp',
      header: t('users.otpStatus'),
      cell: (u) => <Badge colorPalette={u.otp_enabled ? 'green' : 'gray'}>{u.otp_enabled ? t('users.otpOn') : t('users.otpOff')}</Badge>,
    },
    { key: 'otp_channel', header: t('users.otpChannel'), cell: (u) => t(`otp.channel.${u.otp_channel}`) },
  ];
  return <DataTable source={source} columns={columns} caption={t('users.title')} />;
}
