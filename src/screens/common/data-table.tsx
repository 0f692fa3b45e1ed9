import type { ReactNode } from 'react';
import { Box, Button, EmptyState, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResourceList } from './use-resource-list';
import { LoadFailure } from './load-failure';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
}

/** A server-paged table over a resource list: loading skeleton, error with retry, empty state, pager. */
export function DataTable<T extends { id: number | string }>({
  source,
  columns,
  caption,
  onRowClick,
  selectedId,
}: {
  source: ResourceList<T>;
  columns: Column<T>[];
  caption: string;
  onRowClick?: (row: T) => void;
  selectedId?: number | string;
}) {
  const { t } = useTranslation();
  const { items, total, totalEstimated, skip, limit, loading, loadFailure, list } = source;
  if (loadFailure) return <LoadFailure failure={loadFailure} onRetry={() => list.send({ type: 'list.retry' })} />;
  if (loading && items.length === 0) {
    return (
      <Stack gap="2" role="status" aria-busy="true" aria-label={t('shell.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="8" />
        ))}
      </Stack>
    );
  }
  if (!loading && items.length === 0) {
    return (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          {/* A sentence, not a heading: a table sits under headings of any level. */}
          <EmptyState.Title asChild>
            <p>{t('common.empty')}</p>
          </EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  // An estimated total (a whole large table) is only "about": the last page is the one that comes back short.
  const last = totalEstimated ? skip + items.length : Math.min(skip + limit, total);
  const atEnd = totalEstimated ? items.length < limit : last >= total;
  return (
    <Stack gap="3" aria-busy={loading}>
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <Box overflowX="auto" borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={caption}>
        <Table.Root size="sm" interactive={!!onRowClick} stickyHeader>
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.key} whiteSpace="nowrap">
                  {c.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((row) => (
              <Table.Row
                key={row.id}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (e) => e.key === 'Enter' && onRowClick(row) : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                cursor={onRowClick ? 'pointer' : undefined}
                aria-selected={selectedId === undefined ? undefined : selectedId === row.id}
                bg={selectedId === row.id ? 'blue.subtle' : undefined}
              >
                {columns.map((c) => (
                  <Table.Cell key={c.key}>{c.cell(row)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <HStack justify="space-between" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {t(totalEstimated ? 'common.rangeAbout' : 'common.range', { first: skip + 1, last, total })}
        </Text>
        <HStack>
          <Button
            size="xs"
            variant="outline"
            disabled={skip === 0 || loading}
            onClick={() => list.send({ type: 'list.pageChanged', skip: skip - limit })}
          >
            {t('common.previous')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            disabled={atEnd || loading}
            onClick={() => list.send({ type: 'list.pageChanged', skip: skip + limit })}
          >
            {t('common.next')}
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
