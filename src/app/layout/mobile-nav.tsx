import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChakraRoot } from '../chakra-root';
import { DRAWER_WIDTH, SideNav } from './side-nav';

/**
 * The side navigation as a temporary drawer on small screens. Chakra, Zag's dialog, its focus trap and scroll lock
 * load when the navigation is first opened, not with the layout (docs/decisions/034, 049); inside is the same plain
 * side panel as on wide screens.
 */
export default function MobileNav({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <ChakraRoot>
      <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW={`${DRAWER_WIDTH}px`} aria-label={t('shell.navigation')}>
              <Drawer.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Drawer.CloseTrigger>
              <SideNav onNavigate={() => onOpenChange(false)} />
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </ChakraRoot>
  );
}
