import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, LoadError } from '../../components/BackLink';
import { toast } from 'react-toastify';
import { PERMISSIONS, type TPermission, type TResource } from '@tagstock/contract';
import { ADMIN_NAV } from '../../areas/admin/admin-nav';
import { useAppSelector } from '../../app/hooks';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { problemMessage } from '../../components/notify';
import { useCanWrite } from '../../components/use-permission';
import { useRolePermissionsQuery, useSaveRolePermissionsMutation } from '../users/api';
import { offeredResources, permissionDiff, togglePermission, type Level } from './permission-groups';

const LEVELS: readonly Level[] = ['read', 'write'];
const OFFERED = offeredResources(ADMIN_NAV);

type MatrixProps = {
  roleId: number;
  saved: readonly TPermission[];
  canWrite: boolean;
};

/** SPEC §6: one table of screens × read / write, select all / deselect all, one save. */
const PermissionMatrix = ({ roleId, saved, canWrite }: MatrixProps) => {
  const { t } = useTranslation();
  const mine = useAppSelector((s) => s.authentification.userPermissions);
  const [selected, setSelected] = useState<Set<TPermission>>(() => new Set(saved));
  const [save, { isLoading: busy }] = useSaveRolePermissionsMutation();
  const { added, removed } = permissionDiff(saved, selected);
  const changes = added.length + removed.length;
  // One cannot grant what one does not hold (the server refuses it too): those switches stay off.
  const grantable = (p: TPermission) => saved.includes(p) || mine.includes(p);
  const label = (resource: TResource, level: Level) => `${t(`resources.${resource}`)} — ${t(`roles.levels.${level}`)}`;

  const submit = async () => {
    try {
      await save({ id: roleId, permissions: [...selected] }).unwrap();
      const key =
        removed.length === 0
          ? 'messages.permissionsAdded'
          : added.length === 0
            ? 'messages.permissionsDeleted'
            : 'roleMatrix.saved';
      toast.success(t(key));
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };

  return (
    <Paper variant="outlined" data-testid="permission-matrix">
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ p: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => setSelected(new Set(PERMISSIONS.filter(grantable)))}>
            {t('roles.selectAll')}
          </Button>
          <Button size="small" onClick={() => setSelected(new Set())}>
            {t('roles.deselectAll')}
          </Button>
        </Stack>
      )}
      <TableContainer>
        <Table size="small" aria-label={t('roleMatrix.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('roleMatrix.screen')}</TableCell>
              {LEVELS.map((level) => (
                <TableCell key={level} align="center" sx={{ fontWeight: 600, width: 120 }}>
                  {t(`roles.levels.${level}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {OFFERED.map((resource) => (
              <TableRow key={resource} hover>
                <TableCell component="th" scope="row">
                  {t(`resources.${resource}`)}
                </TableCell>
                {LEVELS.map((level) => {
                  const permission: TPermission = `${resource}.${level}`;
                  return (
                    <TableCell key={level} align="center" padding="checkbox">
                      <Switch
                        checked={selected.has(permission)}
                        disabled={!canWrite || (!selected.has(permission) && !grantable(permission))}
                        onChange={(e) => setSelected((s) => togglePermission(s, resource, level, e.target.checked))}
                        slotProps={{ input: { 'aria-label': label(resource, level) } }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {selected.size === 0 && (
        <Alert severity="info" sx={{ m: 1.5 }}>
          {t('roles.noPermission')}
        </Alert>
      )}
      {canWrite && PERMISSIONS.filter(grantable).every((p) => selected.has(p)) && (
        <Alert severity="info" sx={{ m: 1.5 }}>
          {t('roles.noPermissionToAdd')}
        </Alert>
      )}
      {canWrite && (
        <Stack
          direction="row"
          spacing={2}
          sx={{ p: 1.5, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}
        >
          {changes > 0 && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('roleMatrix.unsaved', { count: changes })}
            </Typography>
          )}
          <Button disabled={changes === 0 || busy} onClick={() => setSelected(new Set(saved))}>
            {t('roleMatrix.undo')}
          </Button>
          <Button variant="contained" disabled={changes === 0 || busy} onClick={() => void submit()}>
            {t('actions.save')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
};

/** A role's permissions: what each screen lets its users read or change. */
export const RolePermissionsPage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const canWrite = useCanWrite('roles');
  const { data, isLoading, error } = useRolePermissionsQuery(id);
  const saved = useMemo(() => (data?.permissions ?? []) as TPermission[], [data]);

  if (isLoading) return <Loading />;
  if (error || !data) return <LoadError error={error} to="/admin/roles" label={t('roles.title')} />;

  return (
    <Box sx={{ maxWidth: 720 }}>
      <BackLink to="/admin/roles" label={t('roles.title')} />
      <PageHeader title={t('roles.permissionsOf', { name: data.name })} subtitle={t('roles.permissionsSubtitle')} />
      {/* A new key after each save: the switches start again from what the server holds. */}
      <PermissionMatrix key={saved.join()} roleId={id} saved={saved} canWrite={canWrite} />
    </Box>
  );
};
