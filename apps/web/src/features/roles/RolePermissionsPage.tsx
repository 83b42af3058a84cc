import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PERMISSIONS, type TPermission } from '@tagstock/contract';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { problemMessage } from '../../components/notify';
import { useCanWrite } from '../../components/use-permission';
import { useChangeRolePermissionsMutation, useRolePermissionsQuery } from '../users/api';
import { groupPermissions } from './permission-groups';

type PanelProps = {
  title: string;
  testId: string;
  permissions: readonly TPermission[];
  emptyText: string;
  actionLabel: string;
  canWrite: boolean;
  busy: boolean;
  onApply: (selected: TPermission[]) => Promise<boolean>;
};

/** One side of the role page: a grouped checklist with select all / deselect all and one action. */
const PermissionPanel = ({
  title,
  testId,
  permissions,
  emptyText,
  actionLabel,
  canWrite,
  busy,
  onApply,
}: PanelProps) => {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Set<TPermission>>(new Set());
  const groups = useMemo(() => groupPermissions(permissions), [permissions]);
  const chosen = permissions.filter((p) => selected.has(p));
  const toggle = (permission: TPermission) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(permission)) next.delete(permission);
      else next.add(permission);
      return next;
    });

  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}{' '}
            <Typography component="span" color="text.secondary">
              ({permissions.length})
            </Typography>
          </Typography>
          {canWrite && permissions.length > 0 && (
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => setSelected(new Set(permissions))}>
                {t('roles.selectAll')}
              </Button>
              <Button size="small" onClick={() => setSelected(new Set())}>
                {t('roles.deselectAll')}
              </Button>
            </Stack>
          )}
        </Stack>
        {permissions.length === 0 ? (
          <Alert severity="info">{emptyText}</Alert>
        ) : (
          <Box sx={{ maxHeight: 460, overflow: 'auto', pr: 1 }}>
            {groups.map(({ resource, items }) => (
              <Stack
                key={resource}
                direction="row"
                sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', py: 0.5 }}
              >
                <Typography sx={{ flex: 1, fontWeight: 500 }}>{t(`resources.${resource}`)}</Typography>
                {items.map((permission) => (
                  <FormControlLabel
                    key={permission}
                    sx={{ minWidth: 110 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={selected.has(permission)}
                        disabled={!canWrite}
                        onChange={() => toggle(permission)}
                        slotProps={{
                          input: {
                            'aria-label': `${t(`resources.${resource}`)} — ${t(`roles.levels.${permission.split('.')[1]}`)}`,
                          },
                        }}
                      />
                    }
                    label={t(`roles.levels.${permission.split('.')[1]}`)}
                  />
                ))}
              </Stack>
            ))}
          </Box>
        )}
        {canWrite && permissions.length > 0 && (
          <Button
            sx={{ mt: 2 }}
            variant="contained"
            disabled={chosen.length === 0 || busy}
            onClick={() =>
              void onApply(chosen).then((ok) => {
                if (ok) setSelected(new Set());
              })
            }
          >
            {actionLabel} ({chosen.length})
          </Button>
        )}
      </CardContent>
    </Card>
  );
};

const PANELS = [
  {
    add: true,
    testId: 'available-permissions',
    titleKey: 'roles.available',
    emptyKey: 'roles.noPermissionToAdd',
    actionKey: 'roles.add',
  },
  {
    add: false,
    testId: 'granted-permissions',
    titleKey: 'roles.granted',
    emptyKey: 'roles.noPermission',
    actionKey: 'roles.remove',
  },
] as const;

/** Adds or removes a role's permissions, grouped by resource. */
export const RolePermissionsPage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const canWrite = useCanWrite('roles');
  const { data, isLoading, isError } = useRolePermissionsQuery(id);
  const [change, { isLoading: busy }] = useChangeRolePermissionsMutation();

  const granted = useMemo(() => (data?.permissions ?? []) as TPermission[], [data]);
  const available = useMemo(() => PERMISSIONS.filter((p) => !granted.includes(p)), [granted]);

  if (isLoading) return <Loading />;
  if (isError || !data) return <Alert severity="error">{t('errors.loadFailed')}</Alert>;

  const apply = (add: boolean) => async (permissions: TPermission[]) => {
    try {
      await change({ id, permissions, add }).unwrap();
      toast.success(t(add ? 'messages.permissionsAdded' : 'messages.permissionsDeleted'));
      return true;
    } catch (error) {
      toast.error(problemMessage(error, t));
      return false;
    }
  };

  return (
    <Box>
      <Button component={RouterLink} to="/admin/roles" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('roles.title')}
      </Button>
      <PageHeader title={t('roles.permissionsOf', { name: data.name })} subtitle={t('roles.permissionsSubtitle')} />
      <Grid container spacing={3}>
        {PANELS.map((panel) => (
          <Grid key={panel.testId} size={{ xs: 12, md: 6 }}>
            <PermissionPanel
              title={t(panel.titleKey)}
              testId={panel.testId}
              permissions={panel.add ? available : granted}
              emptyText={t(panel.emptyKey)}
              actionLabel={t(panel.actionKey)}
              canWrite={canWrite}
              busy={busy}
              onApply={apply(panel.add)}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
};
