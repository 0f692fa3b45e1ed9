import type { ReactNode } from 'react';
import { Table } from '@chakra-ui/react';

/**
 * The frame an analysis's table scrolls in: a region named for a screen reader, which the keyboard can reach and
 * scroll (axe scrollable-region-focusable), of at most `maxH` when the table is long.
 */
export function TableFrame({ label, maxH, children }: { label: string; maxH?: string; children: ReactNode }) {
  return (
    <Table.ScrollArea tabIndex={0} role="region" aria-label={label} borderWidth="1px" rounded="md" maxH={maxH}>
      {children}
    </Table.ScrollArea>
  );
}
