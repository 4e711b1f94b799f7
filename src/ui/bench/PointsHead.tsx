import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The head row of a table of benchmark points (the points table and the comparison): kernel and size
 * first, then the table's own columns.
 */
export function PointsHead({ columns }: { columns: readonly ReactNode[] }) {
  const { t } = useTranslation('bench');
  return (
    <thead>
      <tr>
        <th scope="col">{t('table.kernel')}</th>
        <th scope="col">{t('table.size')}</th>
        {columns.map((c, i) => (
          <th scope="col" key={i}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
