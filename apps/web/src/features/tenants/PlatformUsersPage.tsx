import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import { useTranslation } from 'react-i18next';
import type { PasswordResetDelivery, TPlatformUser } from '@tagstock/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { OneTimeSecretDialog } from '../../components/OneTimeSecretDialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { rowAction } from '../../components/row-action';
import { ResourceTable } from '../../components/ResourceTable';
import type { ResourceColumn } from '../../components/resource-columns';
import { useUrlFilters } from '../../components/use-list-params';
import {
  platformUsersApi,
  useCreatePasswordResetLinkMutation,
  useMailStatusQuery,
  useSetPlatformUserStatusMutation,
} from './api';
import { TenantFilter } from './TenantFilter';

/** Users of every tenant, with their tenant, filtered and searched; the super admin disables or enables them. */
export const PlatformUsersPage = () => {
  const { t, i18n } = useTranslation();
  const { searchParams } = useUrlFilters();
  const tenantId = searchParams.get('tenantId') ?? '';
  const filters = useMemo(() => ({ tenantId: tenantId || undefined }), [tenantId]);
  const [toggling, setToggling] = useState<TPlatformUser | null>(null);
  const [setStatus, { isLoading: busy }] = useSetPlatformUserStatusMutation();
  const toggle = async (user: TPlatformUser) => {
    try {
      const saved = await setStatus({ id: user.id, status: user.disabled ? 'active' : 'disabled' }).unwrap();
      notifySuccess(
        t(saved.disabled ? 'platformUsers.disabledDone' : 'platformUsers.enabledDone', { name: saved.name }),
      );
      setToggling(null);
    } catch (err) {
      notifyError(err, t);
    }
  };
  // A one-time link for a user who lost their password: e-mailed to them when the server sends mail, otherwise
  // shown once for the super admin to hand over.
  const [resetLink, setResetLink] = useState<{ url: string; name: string; expiresAt: string } | null>(null);
  const [createResetLink] = useCreatePasswordResetLinkMutation();
  const mailEnabled = useMailStatusQuery().data?.enabled ?? false;
  const makeResetLink = async (user: TPlatformUser, by: PasswordResetDelivery) => {
    try {
      const link = await createResetLink({ id: user.id, by }).unwrap();
      if (link.emailedTo) notifySuccess(t('platformUsers.resetLinkSent', { name: user.name, email: link.emailedTo }));
      else if (link.path)
        setResetLink({ url: `${window.location.origin}${link.path}`, name: user.name, expiresAt: link.expiresAt });
    } catch (err) {
      notifyError(err, t);
    }
  };
  const disabling = toggling !== null && !toggling.disabled;
  const columns = useMemo<ResourceColumn<TPlatformUser>[]>(
    () => [
      { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 160, card: 'primary' },
      { field: 'email', headerName: t('fields.email'), flex: 1, minWidth: 200, card: 'secondary' },
      {
        field: 'tenantName',
        headerName: t('fields.tenant'),
        width: 180,
        valueGetter: (_v, row) => row.tenantName ?? t('platformUsers.platform'),
      },
      { field: 'roleName', headerName: t('fields.role'), width: 160, sortable: false, hideBelow: 'md' },
      {
        field: 'disabled',
        headerName: t('platformUsers.state'),
        width: 120,
        sortable: false,
        valueGetter: (_v, row) => t(row.disabled ? 'platformUsers.disabled' : 'platformUsers.active'),
      },
    ],
    [t],
  );
  return (
    <>
      <PageHeader title={t('platformUsers.title')} subtitle={t('platformUsers.subtitle')} />
      <Box sx={{ mb: 2 }}>
        <TenantFilter />
      </Box>
      <ResourceTable
        label={t('platformUsers.title')}
        columns={columns}
        useList={platformUsersApi.useList as never}
        filters={filters}
        defaultSort="name:asc"
        emptyText={t('platformUsers.empty')}
        countKey="platformUsers.count"
        rowActions={(row) =>
          // The platform's own accounts are not managed here.
          row.tenantId === null
            ? []
            : [
                rowAction(
                  'status',
                  row.disabled ? <CheckCircleIcon /> : <BlockIcon />,
                  t(row.disabled ? 'platformUsers.enableOf' : 'platformUsers.disableOf', { name: row.name }),
                  () => setToggling(row),
                ),
                ...(mailEnabled
                  ? [
                      rowAction('reset-mail', <MailIcon />, t('platformUsers.resetMailOf', { name: row.name }), () =>
                        makeResetLink(row, 'email'),
                      ),
                    ]
                  : []),
                rowAction('reset-link', <KeyIcon />, t('platformUsers.resetLinkOf', { name: row.name }), () =>
                  makeResetLink(row, 'link'),
                ),
              ]
        }
      />
      <ConfirmDialog
        open={toggling !== null}
        danger={disabling}
        busy={busy}
        title={t(disabling ? 'platformUsers.disableTitle' : 'platformUsers.enableTitle', {
          name: toggling?.name ?? '',
        })}
        message={t(disabling ? 'platformUsers.disableText' : 'platformUsers.enableText')}
        confirmLabel={t(disabling ? 'platformUsers.disable' : 'platformUsers.enable')}
        onConfirm={() => toggling && void toggle(toggling)}
        onClose={() => setToggling(null)}
      />
      <OneTimeSecretDialog
        secret={resetLink?.url ?? null}
        testId="reset-link"
        texts={{
          title: t('platformUsers.resetLinkTitle', { name: resetLink?.name ?? '' }),
          warning: t('platformUsers.resetLinkWarning'),
          label: t('platformUsers.resetLink'),
          help: t('platformUsers.resetLinkExpires', {
            date: resetLink ? formatDateTime(resetLink.expiresAt, i18n.resolvedLanguage ?? 'en') : '',
          }),
          copied: t('platformUsers.resetLinkCopied'),
          done: t('platformUsers.resetLinkDone'),
        }}
        onClose={() => setResetLink(null)}
      />
    </>
  );
};
