import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { useCanWrite } from '../../components/use-permission';
import { ArticleTable } from './ArticleTable';
import { useStockActions } from './use-stock-actions';

const ALERT_FILTER = { stockAlert: true };

/** Articles at or under their alert threshold; restocking is one click away. */
export const StockAlertsPage = () => {
  const { t } = useTranslation();
  const canWrite = useCanWrite('articles');
  const stock = useStockActions();
  return (
    <>
      <PageHeader title={t('stockAlerts.title')} subtitle={t('stockAlerts.subtitle')} />
      <ArticleTable
        label={t('stockAlerts.title')}
        filters={ALERT_FILTER}
        defaultSort="quantity:asc"
        emptyText={t('stockAlerts.empty')}
        rowActions={canWrite ? stock.rowActions : undefined}
      />
      {stock.dialog}
    </>
  );
};
