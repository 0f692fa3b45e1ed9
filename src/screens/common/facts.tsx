import type { ReactNode } from 'react';
import { DataList } from '@chakra-ui/react';

/** Label and value rows, side by side (they wrap under each other on a narrow screen). */
export function Facts({ rows }: { rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="40%">{label}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="medium">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
