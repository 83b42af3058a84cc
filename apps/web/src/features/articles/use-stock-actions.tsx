import { useState } from 'react';
import AddIcon from '@mui/icons-material/AddCircleOutlined';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import { GridActionsCellItem } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { TArticle } from '@tagstock/contract';
import { StockChangeDialog } from './StockChangeDialog';
import type { StockDirection } from './api';

/** Increment / decrement row actions and their dialog, for any article table. */
export const useStockActions = () => {
  const { t } = useTranslation();
  const [target, setTarget] = useState<{ article: TArticle; direction: StockDirection } | null>(null);
  const rowActions = (row: TArticle) => [
    <GridActionsCellItem
      key="increment"
      icon={<AddIcon color="success" />}
      label={t('actions.increment')}
      onClick={(e) => {
        e.stopPropagation();
        setTarget({ article: row, direction: 'increment' });
      }}
    />,
    <GridActionsCellItem
      key="decrement"
      icon={<RemoveIcon color="warning" />}
      label={t('actions.decrement')}
      onClick={(e) => {
        e.stopPropagation();
        setTarget({ article: row, direction: 'decrement' });
      }}
    />,
  ];
  const dialog = (
    <StockChangeDialog
      article={target?.article ?? null}
      direction={target?.direction ?? 'increment'}
      onClose={() => setTarget(null)}
    />
  );
  return {
    rowActions,
    dialog,
    open: (article: TArticle, direction: StockDirection) => setTarget({ article, direction }),
  };
};
