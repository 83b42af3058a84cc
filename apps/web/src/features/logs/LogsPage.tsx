import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_ENTITIES, type TActivityAction, type TActivityLog } from '@tagstock/contract';
import { PageHeader } from '../../components/PageHeader';
import { ResourceTable } from '../../components/ResourceTable';
import { formatDateTime } from '../../components/format';
import { logsApi } from './api';
import { authorName, changeLine, visibleChanges } from './log-format';
import type { ResourceColumn } from '../../components/resource-columns';

const ACTION_COLOR: Record<TActivityAction, ChipProps['color']> = {
  created: 'success',
  updated: 'info',
  deleted: 'error',
  incremented: 'success',
  decremented: 'warning',
  imported: 'secondary',
  status: 'primary',
  received: 'success',
  paid: 'success',
  credited: 'warning',
  converted: 'primary',
  refunded: 'warning',
  exported: 'secondary',
};

/** Who changed what, when: old → new per field. */
export const LogsPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [searchParams, setSearchParams] = useSearchParams();
  const entity = searchParams.get('entity') ?? '';
  const filters = useMemo(() => ({ entity: entity || undefined }), [entity]);
  const columns = useMemo<ResourceColumn<TActivityLog>[]>(
    () => [
      {
        field: 'createdAt',
        card: 'secondary',
        headerName: t('fields.date'),
        width: 170,
        valueFormatter: (value: string) => formatDateTime(value, language),
      },
      {
        field: 'userName',
        hideBelow: 'md',
        card: 'secondary',
        headerName: t('fields.user'),
        width: 150,
        sortable: false,
        valueGetter: (_value: unknown, row: TActivityLog) => authorName(t, row),
      },
      {
        field: 'entity',
        card: 'secondary',
        headerName: t('fields.entity'),
        width: 130,
        valueFormatter: (value: string) => t(`logs.entities.${value}`, { defaultValue: value }),
      },
      {
        field: 'action',
        card: 'status',
        headerName: t('fields.action'),
        width: 130,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={ACTION_COLOR[row.action]}
            label={t(`logs.actions.${row.action}`)}
          />
        ),
      },
      { field: 'summary', card: 'primary', headerName: t('fields.summary'), flex: 1, minWidth: 200, sortable: false },
      {
        field: 'changes',
        hideBelow: 'lg',
        headerName: t('fields.changes'),
        flex: 1.4,
        minWidth: 260,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1 }}>
            {visibleChanges(row.changes).map((change) => {
              const line = changeLine(t, change, language, row.entity);
              return (
                <Typography key={change.field} variant="body2" sx={{ lineHeight: 1.5 }}>
                  <strong>{line.label}</strong>
                  {t('logs.labelSeparator')}
                  <Box component="s" sx={{ color: 'text.secondary' }}>
                    {line.from}
                  </Box>{' '}
                  → {line.to}
                </Typography>
              );
            })}
          </Box>
        ),
      },
    ],
    [t, language],
  );
  // Every entity the server logs, by name in the reader's language.
  const entities = useMemo(
    () =>
      ACTIVITY_ENTITIES.map((name) => ({ name, label: t(`logs.entities.${name}`, { defaultValue: name }) })).sort(
        (a, b) => a.label.localeCompare(b.label, language),
      ),
    [t, language],
  );
  return (
    <>
      <PageHeader title={t('logs.title')} subtitle={t('logs.subtitle')} />
      <TextField
        select
        size="small"
        label={t('fields.entity')}
        value={entity}
        sx={{ width: 220, mb: 2 }}
        onChange={(e) =>
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (e.target.value) next.set('entity', e.target.value);
              else next.delete('entity');
              next.delete('page');
              return next;
            },
            { replace: true },
          )
        }
      >
        <MenuItem value="">{t('logs.allEntities')}</MenuItem>
        {entities.map(({ name, label }) => (
          <MenuItem key={name} value={name}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <ResourceTable
        label={t('logs.title')}
        columns={columns}
        useList={logsApi.useList as never}
        filters={filters}
        defaultSort="createdAt:desc"
        emptyText={t('logs.empty')}
        countKey="logs.count"
        autoRowHeight
      />
    </>
  );
};
