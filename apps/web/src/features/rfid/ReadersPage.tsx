import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import { rowAction } from '../../components/row-action';
import { useTranslation } from 'react-i18next';
import {
  READER_ROLES,
  READER_VENDORS,
  ZReaderInput,
  type TReader,
  type TReaderInput,
  type TReaderWithSecret,
} from '@tagstock/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CrudPage } from '../../components/CrudPage';
import type { FieldDef } from '../../components/ResourceForm';
import { formatDateTime } from '../../components/format';
import { notifyError } from '../../components/notify';
import { AntennasEditor, antennasFromText, antennasToText } from './AntennasEditor';
import { readersApi, useRotateReaderSecretMutation } from './api';
import { SecretDialog } from './SecretDialog';
import type { ResourceColumn } from '../../components/resource-columns';

const READER_FIELDS: readonly FieldDef[] = [
  { name: 'name', labelKey: 'fields.name', kind: 'text', required: true, half: true },
  { name: 'location', labelKey: 'fields.location', kind: 'text', required: true, half: true },
  {
    name: 'vendor',
    labelKey: 'fields.vendor',
    kind: 'select',
    required: true,
    half: true,
    options: READER_VENDORS.map((v) => ({ value: v, labelKey: `readers.vendors.${v}` })),
  },
  {
    name: 'role',
    labelKey: 'fields.readerRole',
    kind: 'select',
    required: true,
    half: true,
    options: READER_ROLES.map((v) => ({ value: v, labelKey: `readers.roles.${v}` })),
  },
  { name: 'hostname', labelKey: 'fields.hostname', kind: 'text', half: true },
  { name: 'mac', labelKey: 'fields.mac', kind: 'text', half: true },
  {
    name: 'antennas',
    labelKey: 'fields.antennas',
    kind: 'text',
    toText: antennasToText,
    fromText: antennasFromText,
    render: (props) => <AntennasEditor {...props} />,
  },
  { name: 'heartbeatTimeoutSeconds', labelKey: 'fields.heartbeatTimeoutSeconds', kind: 'number', half: true },
  { name: 'presenceWindowSeconds', labelKey: 'fields.presenceWindowSeconds', kind: 'number', half: true },
  { name: 'directionWindowSeconds', labelKey: 'fields.directionWindowSeconds', kind: 'number', half: true },
];

const NEW_READER = {
  vendor: 'zebra',
  role: 'exit_gate',
  antennas: [
    { port: 1, side: 'inner' },
    { port: 2, side: 'outer' },
  ],
  heartbeatTimeoutSeconds: 120,
  presenceWindowSeconds: 30,
  directionWindowSeconds: 10,
};

export const OnlineChip = ({ reader }: { reader: TReader }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={reader.online ? 'success' : 'default'}
      variant={reader.online ? 'filled' : 'outlined'}
      label={t(reader.online ? 'readers.online' : 'readers.offline')}
    />
  );
};

/** The readers' columns, shared by the tenant's screen and the platform's. */
export const useReaderColumns = <R extends TReader>() => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<R>[]>(
    () => [
      { field: 'name', card: 'primary', headerName: t('fields.name'), flex: 1, minWidth: 160 },
      { field: 'location', card: 'secondary', headerName: t('fields.location'), flex: 1, minWidth: 160 },
      {
        field: 'role',
        hideBelow: 'lg',
        card: 'secondary',
        headerName: t('fields.readerRole'),
        width: 150,
        valueFormatter: (value: string) => t(`readers.roles.${value}`),
      },
      {
        field: 'vendor',
        hideBelow: 'xl',
        headerName: t('fields.vendor'),
        width: 100,
        sortable: false,
        valueFormatter: (value: string) => t(`readers.vendors.${value}`),
      },
      {
        field: 'antennas',
        hideBelow: 'xl',
        headerName: t('fields.antennas'),
        width: 170,
        sortable: false,
        valueGetter: (_value, row) => row.antennas.map((a) => `${a.port} ${t(`readers.sides.${a.side}`)}`).join(', '),
      },
      {
        field: 'online',
        card: 'status',
        headerName: t('fields.connection'),
        width: 120,
        renderCell: ({ row }) => <OnlineChip reader={row} />,
      },
      {
        field: 'lastHeardAt',
        hideBelow: 'lg',
        card: 'secondary',
        headerName: t('fields.lastHeardAt'),
        width: 170,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ lineHeight: 'inherit' }}>
            {row.lastHeardAt ? formatDateTime(row.lastHeardAt, language) : t('readers.never')}
          </Typography>
        ),
      },
    ],
    [t, language],
  );
};

/** Readers: gates and fixed readers; the secret is shown once after a create or a rotation. */
export const ReadersPage = () => {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<TReaderWithSecret | null>(null);
  const [rotating, setRotating] = useState<TReader | null>(null);
  const [rotate, { isLoading: rotatingBusy }] = useRotateReaderSecretMutation();

  const columns = useReaderColumns<TReader>();

  const confirmRotate = async () => {
    if (!rotating) return;
    try {
      setSecret(await rotate(rotating.id).unwrap());
    } catch (error) {
      notifyError(error, t);
    }
    setRotating(null);
  };

  return (
    <Stack>
      <CrudPage<TReader, TReaderInput>
        domain="readers"
        resource="readers"
        api={readersApi}
        columns={columns}
        fields={READER_FIELDS}
        createSchema={ZReaderInput}
        defaultSort="name:asc"
        newValues={NEW_READER}
        onCreated={(created) => setSecret(created as TReaderWithSecret)}
        rowActions={(row) => [rowAction('rotate', <KeyIcon />, t('actions.rotateSecret'), () => setRotating(row))]}
      />
      <SecretDialog reader={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={rotating !== null}
        title={t('readers.rotateTitle')}
        message={t('readers.rotateConfirm', { name: rotating?.name ?? '' })}
        confirmLabel={t('actions.rotateSecret')}
        busy={rotatingBusy}
        onConfirm={() => void confirmRotate()}
        onClose={() => setRotating(null)}
      />
    </Stack>
  );
};
