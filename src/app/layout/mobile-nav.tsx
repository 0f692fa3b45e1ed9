import type { ReactElement } from 'react';
import { Drawer, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DRAWER_WIDTH, SideNav } from './side-nav';

/**
 * The side navigation as a temporary drawer on small screens. Zag's dialog, its focus trap and scroll lock load
 * when the navigation is first opened, not with the layout (docs/decisions/034).
 */
export default function MobileNav({
  open,
  onOpenChange,
  closeButton,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Made by the layout, which already draws Chakra's buttons. */
  closeButton: ReactElement;
}) {
  const { t } = useTranslation();
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={`${DRAWER_WIDTH}px`} aria-label={t('shell.navigation')}>
            <Drawer.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
              {closeButton}
            </Drawer.CloseTrigger>
            <SideNav onNavigate={() => onOpenChange(false)} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
