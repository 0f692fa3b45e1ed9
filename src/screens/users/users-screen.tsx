import { Button, HStack, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PortalUser } from '../../contract/prerequisites';
import { useResourceList } from '../common/use-resource-list';
import { useLiveLogic } from '../common/live-logic';
import { UsersTable } from './users-table';

/** Users (VIEW_USERS): every portal user, paged. */
export default function UsersScreen() {
  const { t } = useTranslation();
  const users = useResourceList<PortalUser>(useLiveLogic('resourceLists').users);
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading as="h1" size="lg">
          {t('users.title')}
        </Heading>
        <Button size="sm" variant="outline" loading={users.loading} onClick={() => users.list.send({ type: 'list.refresh' })}>
          {t('common.refresh')}
        </Button>
      </HStack>
      <UsersTable source={users} />
    </Stack>
  );
}
