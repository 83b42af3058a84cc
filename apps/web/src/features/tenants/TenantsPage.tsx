import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import EditOutlined from '@mui/icons-material/EditOutlined';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import { LIST_LIMIT_DEFAULT, type TTenant } from '@tagstock/contract';
import { Loading } from '../../components/Loading';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { useListTenantsQuery, useSetTenantStatusMutation } from './api';
import { ReportTriesDialog } from './ReportTriesDialog';
import { TenantCreateDialog, TenantRenameDialog } from './TenantDialogs';

export const TenantsPage = () => {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(LIST_LIMIT_DEFAULT);
  const [editing, setEditing] = useState<TTenant | null>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TTenant | null>(null);
  const [toggling, setToggling] = useState<TTenant | null>(null);
  const [setStatus, { isLoading: statusBusy }] = useSetTenantStatusMutation();
  const { data, isLoading, isError } = useListTenantsQuery({ page: page + 1, limit });
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });

  const toggle = async (tenant: TTenant) => {
    const status = tenant.status === 'active' ? 'disabled' : 'active';
    try {
      const saved = await setStatus({ id: tenant.id, status }).unwrap();
      notifySuccess(t(status === 'disabled' ? 'tenants.disabledDone' : 'tenants.enabledDone', { name: saved.name }));
      setToggling(null);
    } catch (err) {
      notifyError(err, t);
    }
  };

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 3 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {t('tenants.title')}
          </Typography>
          <Typography color="text.secondary">{t('tenants.subtitle')}</Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('tenants.new')}
        </Button>
      </Stack>
      {isError && <Alert severity="error">{t('errors.generic')}</Alert>}
      {isLoading && <Loading />}
      {data && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="medium" aria-label={t('tenants.title')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600, width: 96 }}>{t('fields.id')}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{t('fields.name')}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{t('tenants.status')}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }} align="right">
                    {t('fields.users')}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{t('fields.createdAt')}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }} align="right">
                    {t('tenants.reportTries')}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }} align="right">
                    {t('tenants.actions')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7} align="center" sx={{ color: 'text.secondary', py: 4 }}>
                      {t('tenants.empty')}
                    </TableCell>
                  </TableRow>
                )}
                {data.items.map((tenant) => (
                  <TableRow key={tenant.id} hover>
                    <TableCell>{tenant.id}</TableCell>
                    <TableCell>{tenant.name}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={tenant.status === 'active' ? 'success' : 'default'}
                        label={t(`tenants.statuses.${tenant.status}`)}
                      />
                    </TableCell>
                    <TableCell align="right">{tenant.userCount}</TableCell>
                    <TableCell>{dateFormat.format(new Date(tenant.createdAt))}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {t('tenants.reportTriesValue', { used: tenant.reportTriesUsed, limit: tenant.reportTriesLimit })}
                      <IconButton
                        size="small"
                        sx={{ ml: 1 }}
                        aria-label={t('tenants.reportTriesEdit', { name: tenant.name })}
                        onClick={() => setEditing(tenant)}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('tenants.rename')}>
                        <IconButton
                          size="small"
                          aria-label={t('tenants.renameOf', { name: tenant.name })}
                          onClick={() => setRenaming(tenant)}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t(tenant.status === 'active' ? 'tenants.disable' : 'tenants.enable')}>
                        <IconButton
                          size="small"
                          aria-label={t(tenant.status === 'active' ? 'tenants.disableOf' : 'tenants.enableOf', {
                            name: tenant.name,
                          })}
                          onClick={() => setToggling(tenant)}
                        >
                          {tenant.status === 'active' ? (
                            <BlockIcon fontSize="small" />
                          ) : (
                            <CheckCircleIcon fontSize="small" />
                          )}
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={limit}
            rowsPerPageOptions={[10, 25, 50, 100]}
            onPageChange={(_e, next) => setPage(next)}
            onRowsPerPageChange={(e) => {
              setLimit(Number(e.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
      {editing && <ReportTriesDialog tenant={editing} onClose={() => setEditing(null)} />}
      {creating && <TenantCreateDialog onClose={() => setCreating(false)} />}
      {renaming && <TenantRenameDialog tenant={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={toggling !== null}
        danger={toggling?.status === 'active'}
        busy={statusBusy}
        title={t(toggling?.status === 'active' ? 'tenants.disableTitle' : 'tenants.enableTitle', {
          name: toggling?.name ?? '',
        })}
        message={t(toggling?.status === 'active' ? 'tenants.disableText' : 'tenants.enableText', {
          name: toggling?.name ?? '',
        })}
        confirmLabel={t(toggling?.status === 'active' ? 'tenants.disable' : 'tenants.enable')}
        onConfirm={() => toggling && void toggle(toggling)}
        onClose={() => setToggling(null)}
      />
    </Box>
  );
};
