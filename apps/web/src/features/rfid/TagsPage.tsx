import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { TAG_STATUSES, ZTagInput, type TTag, type TTagInput } from '@tagstock/contract';
import { CrudPage } from '../../components/CrudPage';
import { FilterSelect } from '../../components/FilterSelect';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { useUrlFilters } from '../../components/use-list-params';
import type { FieldDef } from '../../components/ResourceForm';
import { formatDateTime } from '../../components/format';
import { useCanWrite } from '../../components/use-permission';
import { BindTagsDialog } from './BindTagsDialog';
import { articleRef } from '../articles/api';
import { tagFamilyRef, tagsApi } from './api';
import type { ResourceColumn } from '../../components/resource-columns';

const FIELDS: readonly FieldDef[] = [
  { name: 'epc', labelKey: 'fields.epc', kind: 'text', required: true },
  { name: 'tid', labelKey: 'fields.tid', kind: 'text', fromText: (text) => text.trim() || null },
  { name: 'articleId', labelKey: 'fields.article', kind: 'select', reference: articleRef, half: true },
  { name: 'familyId', labelKey: 'fields.family', kind: 'select', reference: tagFamilyRef, half: true },
  {
    name: 'status',
    labelKey: 'fields.status',
    kind: 'select',
    required: true,
    half: true,
    options: TAG_STATUSES.map((s) => ({ value: s, labelKey: `tags.statuses.${s}` })),
  },
];

const NEW_TAG = { status: 'active' };

/** EPC, and its GS1 reading (GTIN + serial) when it is an SGTIN-96. */
export const EpcCell = ({ tag }: { tag: Pick<TTag, 'epc' | 'gtin' | 'serial'> }) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {tag.epc}
      </Typography>
      {tag.gtin && (
        <Typography variant="caption" color="text.secondary">
          {t('fields.gtin')} {tag.gtin}
          {tag.serial && ` · ${t('fields.serial')} ${tag.serial}`}
        </Typography>
      )}
    </Box>
  );
};

export const StatusChip = ({ status, t }: { status: TTag['status']; t: TFunction }) => (
  <Chip
    size="small"
    variant="outlined"
    color={status === 'active' ? 'success' : 'default'}
    label={t(`tags.statuses.${status}`)}
  />
);

export const LastMovement = ({ tag, language }: { tag: TTag; language: string }) => {
  const { t } = useTranslation();
  if (!tag.lastSeenAt) return <>—</>;
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography variant="body2">{formatDateTime(tag.lastSeenAt, language)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {[tag.lastLocation, tag.lastReaderName].filter(Boolean).join(' · ') || t('tagLogs.notApplicable')}
      </Typography>
    </Box>
  );
};

export const TagsPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const canWrite = useCanWrite('tags');
  const [binding, setBinding] = useState(false);
  const { searchParams, setFilter } = useUrlFilters();
  const familyId = searchParams.get('familyId') ?? '';
  const status = searchParams.get('status') ?? '';
  const articleId = searchParams.get('articleId') ?? '';
  const filters = useMemo(
    () => ({ familyId: familyId || undefined, status: status || undefined, articleId: articleId || undefined }),
    [familyId, status, articleId],
  );

  const columns = useMemo<ResourceColumn<TTag>[]>(
    () => [
      {
        field: 'epc',
        card: 'primary',
        headerName: t('fields.epc'),
        flex: 1.2,
        minWidth: 250,
        renderCell: ({ row }) => <EpcCell tag={row} />,
      },
      {
        field: 'articleReference',
        card: 'secondary',
        headerName: t('fields.article'),
        flex: 1,
        minWidth: 180,
        valueGetter: (_value, row) =>
          row.articleReference ? `${row.articleReference} — ${row.articleDesignation ?? ''}` : '—',
      },
      {
        field: 'familyName',
        hideBelow: 'lg',
        headerName: t('fields.family'),
        width: 160,
        valueFormatter: (v: string | null) => v ?? '—',
      },
      {
        field: 'status',
        card: 'status',
        headerName: t('fields.status'),
        width: 110,
        renderCell: ({ row }) => <StatusChip status={row.status} t={t} />,
      },
      {
        field: 'inStock',
        hideBelow: 'xl',
        headerName: t('fields.inStock'),
        width: 100,
        sortable: false,
        valueFormatter: (value: boolean) => t(value ? 'tags.yes' : 'tags.no'),
      },
      {
        field: 'lastSeenAt',
        hideBelow: 'xl',
        card: 'secondary',
        headerName: t('fields.lastMovement'),
        width: 210,
        renderCell: ({ row }) => <LastMovement tag={row} language={language} />,
      },
    ],
    [t, language],
  );

  return (
    <CrudPage<TTag, TTagInput>
      domain="tags"
      resource="tags"
      api={tagsApi}
      columns={columns}
      fields={FIELDS}
      createSchema={ZTagInput}
      defaultSort="epc:asc"
      filters={filters}
      newValues={NEW_TAG}
      autoRowHeight
      nameOf={(row) => row.epc}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <ReferenceSelect
          source={tagFamilyRef}
          size="small"
          label={t('fields.family')}
          emptyLabel={t('tags.allFamilies')}
          value={familyId}
          width={220}
          onChange={(v) => setFilter('familyId', v)}
        />
        <FilterSelect
          label={t('fields.status')}
          allLabel={t('tags.allStatuses')}
          value={status}
          options={TAG_STATUSES.map((s) => ({ value: s, label: t(`tags.statuses.${s}`) }))}
          width={180}
          onChange={(v) => setFilter('status', v)}
        />
        <Box sx={{ flex: 1 }} />
        {canWrite && (
          <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => setBinding(true)}>
            {t('actions.bind')}
          </Button>
        )}
      </Stack>
      <BindTagsDialog open={binding} onClose={() => setBinding(false)} />
    </CrudPage>
  );
};
