import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SessionContext, useUser } from '../../screens/common/session-context';

export function UserMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const session = SessionContext.useActorRef();
  return (
    <Menu.Root onSelect={(details) => details.value === 'logout' && session.send({ type: 'session.logout' })}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${t('shell.userMenu')}: ${user?.name ?? ''}`}>
          <Avatar.Root size="2xs" colorPalette="blue" aria-hidden="true">
            <Avatar.Fallback>{user?.name.charAt(0).toUpperCase()}</Avatar.Fallback>
          </Avatar.Root>
          <Text hideBelow="md">{user?.name}</Text>
        </Button>
      </Menu.Trigger>
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
  );
}
