import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { LIST_LIMIT_DEFAULT, type TTenant } from '@tagstock/contract';
import { Loading } from '../../components/Loading';
import { useListTenantsQuery } from './api';
import { ReportTriesDialog } from './ReportTriesDialog';

export const TenantsPage = () => {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(LIST_LIMIT_DEFAULT);
  const [editing, setEditing] = useState<TTenant | null>(null);
  const { data, isLoading, isError } = useListTenantsQuery({ page: page + 1, limit });
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });

  return (
    <Box>
      <Typography variant="h5" component="h1">
        {t('tenants.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('tenants.subtitle')}
      </Typography>
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
                  <TableCell sx={{ fontWeight: 600 }} align="right">
                    {t('fields.users')}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{t('fields.createdAt')}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }} align="right">
                    {t('tenants.reportTries')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5} align="center" sx={{ color: 'text.secondary', py: 4 }}>
                      {t('tenants.empty')}
                    </TableCell>
                  </TableRow>
                )}
                {data.items.map((tenant) => (
                  <TableRow key={tenant.id} hover>
                    <TableCell>{tenant.id}</TableCell>
                    <TableCell>{tenant.name}</TableCell>
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
    </Box>
  );
};
