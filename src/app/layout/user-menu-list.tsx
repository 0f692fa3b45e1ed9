import { Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SessionContext, useUser } from '../../screens/common/session-context';
import { ChakraRoot } from '../chakra-root';
import type { LoadedMenuProps } from './deferred-menu';

/** The user menu itself, loaded on first use (user-menu.tsx) under Chakra's provider, which comes with it (decision 049). */
export default function UserMenuList({ trigger, open, onOpenChange }: LoadedMenuProps) {
  const { t } = useTranslation();
  const user = useUser();
  const session = SessionContext.useActorRef();
  return (
    <ChakraRoot>
      <Menu.Root
        open={open}
        onOpenChange={(details) => onOpenChange(details.open)}
        onSelect={(details) => details.value === 'logout' && session.send({ type: 'session.logout' })}
      >
        <Menu.Trigger asChild>{trigger}</Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{user?.username}</Menu.ItemGroupLabel>
                <Menu.Item value="logout">{t('shell.logout')}</Menu.Item>
              </Menu.ItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </ChakraRoot>
  );
}
