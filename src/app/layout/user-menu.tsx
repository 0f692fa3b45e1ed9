import { lazy } from 'react';
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
          <span className="avatar avatar-2xs" aria-hidden="true">
            {user?.name.charAt(0).toUpperCase()}
          </span>
          <span className="user-menu-name">{user?.name}</span>
        </>
      }
    />
  );
}
