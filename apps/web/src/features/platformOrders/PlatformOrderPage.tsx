import { useState } from 'react';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/BackLink';
import { StatusChangeDialog } from '../../components/StatusChangeDialog';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PdfButton } from '../../components/PdfButton';
import { notifyError, notifySuccess } from '../../components/notify';
import { useCanWrite } from '../../components/use-permission';
import { usePlatformOrderQuery, useSetPlatformOrderStatusMutation } from './api';
import { PlatformOrderBody } from './shared';

/** `/admin/bdcRb/:id`: one order to the platform; the tenant may cancel it while it is in progress. */
export const PlatformOrderPage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: order, error, isLoading } = usePlatformOrderQuery(id, { skip: !valid });
  const [setStatus, { isLoading: busy }] = useSetPlatformOrderStatusMutation();
  const canWrite = useCanWrite('platformOrders');
  const [confirming, setConfirming] = useState(false);
  const back = { to: '/admin/bdcRb', label: t('platformOrders.backToList') };
  if (!valid) return <LoadError error={null} missing {...back} />;
  if (isLoading) return <Loading />;
  if (error || !order) return <LoadError error={error} {...back} />;
  const cancel = async (note: string | null) => {
    try {
      await setStatus({ id, status: 'canceled', note }).unwrap();
      notifySuccess(t('platformOrders.canceledToast', { number: order.number }));
      setConfirming(false);
    } catch (err) {
      notifyError(err, t);
    }
  };
  return (
    <>
      <PageHeader
        title={`${t('platformOrders.order')} ${order.number}`}
        subtitle={t('platformOrders.detailSubtitle')}
        actions={
          <>
            <Button component={RouterLink} to="/admin/bdcRb">
              {t('platformOrders.backToList')}
            </Button>
            <PdfButton path={`/platform-orders/${order.id}/pdf`} number={order.number} />
            {canWrite && order.status === 'in_progress' && (
              <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                {t('platformOrders.cancelOrder')}
              </Button>
            )}
          </>
        }
      />
      <PlatformOrderBody order={order} />
      <StatusChangeDialog
        open={confirming}
        title={t('platformOrders.cancelOrder')}
        message={t('platformOrders.cancelConfirm', { number: order.number })}
        confirmLabel={t('platformOrders.cancelOrder')}
        danger
        busy={busy}
        onConfirm={(note) => void cancel(note)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
