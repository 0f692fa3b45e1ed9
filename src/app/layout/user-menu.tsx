import { lazy } from 'react';
import { Avatar, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../screens/common/session-context';
import { DeferredMenu } from './deferred-menu';

const UserMenuList = lazy(() => import('./user-menu-list'));

export function UserMenu() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <DeferredMenu
      menu={UserMenuList}
      label={`${t('shell.userMenu')}: ${user?.name ?? ''}`}
      trigger={
        <>
          <Avatar.Root size="2xs" colorPalette="blue" aria-hidden="true">
            <Avatar.Fallback>{user?.name.charAt(0).toUpperCase()}</Avatar.Fallback>
          </Avatar.Root>
          <Text hideBelow="md">{user?.name}</Text>
        </>
      }
    />
  );
}
