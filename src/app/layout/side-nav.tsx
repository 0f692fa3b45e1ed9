import { useState } from 'react';
import { Avatar, Box, Button, Collapsible, Flex, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { groupOf, visibleNav, type NavGroup, type NavLink } from '../nav-table';
import { useRoles, useUser } from '../../screens/common/session-context';
import { ChevronIcon } from '../icons';

export const DRAWER_WIDTH = 300;

function NavItem({ link, current, onNavigate, nested }: { link: NavLink; current: string; onNavigate: () => void; nested?: boolean }) {
  const { t } = useTranslation();
  const active = current === link.path;
  return (
    <Link href={`~${link.path}`} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
      <Box
        px="3"
        py="2"
        ps={nested ? '8' : '3'}
        rounded="md"
        fontSize="sm"
        fontWeight={active ? 'semibold' : 'normal'}
        bg={active ? 'blue.subtle' : undefined}
        color={active ? 'blue.fg' : undefined}
        _hover={{ bg: 'bg.muted' }}
      >
        {t(link.label)}
      </Box>
    </Link>
  );
}

function NavGroupItem({ group, current, onNavigate }: { group: NavGroup; current: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => groupOf(current) === group.label);
  return (
    <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="ghost" size="sm" w="full" justifyContent="space-between" fontWeight="normal" px="3">
          {t(group.label)}
          <ChevronIcon open={open} />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="0.5" pt="0.5">
          {group.children.map((link) => (
            <NavItem key={link.path} link={link} current={current} onNavigate={onNavigate} nested />
          ))}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** The side panel: who is logged in, the entries their roles allow, the app version. */
export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const roles = useRoles();
  const [location] = useLocation();
  const current = `/dashboard${location === '/' ? '' : location}`;
  const name = user?.name ?? '';
  return (
    <Flex direction="column" h="full" w={`${DRAWER_WIDTH}px`} maxW="100%">
      <Flex align="center" gap="3" p="4" borderBottomWidth="1px">
        <Avatar.Root colorPalette="blue" size="md">
          <Avatar.Fallback>{name.charAt(0).toUpperCase()}</Avatar.Fallback>
        </Avatar.Root>
        <Box minW="0">
          <Text fontWeight="semibold" textTransform="uppercase" truncate data-testid="nav-user-name">
            {name}
          </Text>
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" truncate data-testid="nav-group-name">
            {user?.group.name}
          </Text>
        </Box>
      </Flex>
      <Box as="nav" aria-label={t('shell.navigation')} flex="1" overflowY="auto" p="2">
        <Stack gap="0.5" data-testid="side-nav">
          {visibleNav(roles).map((entry) =>
            entry.kind === 'link' ? (
              <NavItem key={entry.path} link={entry} current={current} onNavigate={onNavigate} />
            ) : (
              <NavGroupItem key={entry.label} group={entry} current={current} onNavigate={onNavigate} />
            ),
          )}
        </Stack>
      </Box>
      <Text p="3" fontSize="xs" color="fg.muted" borderTopWidth="1px" data-testid="app-version">
        {t('shell.version', { version: __APP_VERSION__ })}
      </Text>
    </Flex>
  );
}
