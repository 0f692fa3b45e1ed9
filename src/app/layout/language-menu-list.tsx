import { Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n';
import { ChakraRoot } from '../chakra-root';
import type { LoadedMenuProps } from './deferred-menu';

/** The language menu itself, loaded on first use (language-menu.tsx) under Chakra's provider, which comes with it (decision 049). */
export default function LanguageMenuList({ trigger, open, onOpenChange }: LoadedMenuProps) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'en') as (typeof LANGUAGES)[number];
  return (
    <ChakraRoot>
      <Menu.Root
        open={open}
        onOpenChange={(details) => onOpenChange(details.open)}
        onSelect={(details) => void i18n.changeLanguage(details.value)}
      >
        <Menu.Trigger asChild>{trigger}</Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {LANGUAGES.map((language) => (
                <Menu.Item key={language} value={language} aria-current={language === current ? 'true' : undefined}>
                  {t(`languages.${language}`)}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </ChakraRoot>
  );
}
