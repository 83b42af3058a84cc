import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LostIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import FoundIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { rowAction } from '../../components/row-action';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { LOST_ARTICLE_STATUSES, type TLostArticleSettings } from '@tagstock/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { listColumns } from '../../components/documents/DocumentListPage';
import { formatDateTime, formatNumber } from '../../components/format';
import { problemMessage } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { ResourceTable } from '../../components/ResourceTable';
import { Section } from '../../components/Section';
import { useUrlFilters } from '../../components/use-list-params';
import { useCanWrite } from '../../components/use-permission';
import {
  useLostArticleSettingsQuery,
  useLostArticlesQuery,
  useLostArticleStatusMutation,
  useSaveLostArticleSettingsMutation,
  type LostRow,
} from './api';
import { decisionsFor, settingsOf, statusOf, type SettingsDraft } from './lost';

const SETTINGS = ['missedInventories', 'unseenDays'] as const;

/** The rules that suspect a tag lost: N inventories in a row missed it, or X days unseen by any reader. */
const SettingsForm = ({ saved }: { saved: TLostArticleSettings }) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<SettingsDraft>({
    missedInventories: String(saved.missedInventories),
    unseenDays: String(saved.unseenDays),
  });
  const [wrong, setWrong] = useState<readonly string[]>([]);
  const [save, { isLoading }] = useSaveLostArticleSettingsMutation();
  const run = async () => {
    const { body, errors } = settingsOf(draft);
    setWrong(errors ?? []);
    if (!body) return;
    try {
      await save(body).unwrap();
      toast.success(t('lostArticles.settings.saved'));
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      {SETTINGS.map((name) => (
        <TextField
          key={name}
          size="small"
          label={t(`lostArticles.settings.${name}`)}
          value={draft[name]}
          onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
          error={wrong.includes(name)}
          helperText={wrong.includes(name) ? t(`lostArticles.settings.${name}Range`) : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: { sm: 260 } }}
        />
      ))}
      <Button variant="outlined" disabled={isLoading} onClick={() => void run()}>
        {t('actions.save')}
      </Button>
    </Stack>
  );
};

/** `/admin/lostArticles`: tags suspected lost, confirmed lost (written off the stock) and found again. */
export const LostArticlesPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const canWrite = useCanWrite('inventories');
  const { searchParams, setFilter } = useUrlFilters();
  const status = statusOf(searchParams.get('status'));
  const [confirming, setConfirming] = useState<LostRow | null>(null);
  const [decide, { isLoading }] = useLostArticleStatusMutation();
  const { data: settings } = useLostArticleSettingsQuery(undefined, { skip: !canWrite });
  // The list sorts by EPC, reference, last seen and suspected dates.
  const column = listColumns<LostRow>(t, { flex: 1, minWidth: 130, sortable: false });
  const sorted = { sortable: true };
  const date = { valueFormatter: (value: string | null) => formatDateTime(value, language) };
  const run = async (row: LostRow, to: 'lost' | 'found') => {
    try {
      await decide({ tagId: row.tagId, body: { status: to } }).unwrap();
      toast.success(t(`lostArticles.decided.${to}`, { epc: row.epc }));
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
    setConfirming(null);
  };
  const actions = (row: LostRow) =>
    decisionsFor(row.status).map((to) =>
      rowAction(to, to === 'lost' ? <LostIcon /> : <FoundIcon />, t(`lostArticles.decide.${to}`), () =>
        // Confirming a loss writes the unit off the stock: asked first.
        to === 'lost' ? setConfirming(row) : void run(row, to),
      ),
    );

  return (
    <Box>
      <PageHeader title={t('lostArticles.title')} subtitle={t('lostArticles.subtitle')} />
      <Tabs
        value={status}
        onChange={(_e, value: string) => setFilter('status', value === 'suspected' ? '' : value)}
        sx={{ mb: 2 }}
      >
        {LOST_ARTICLE_STATUSES.map((s) => (
          <Tab key={s} value={s} label={t(`lostArticles.tabs.${s}`)} />
        ))}
      </Tabs>
      <ResourceTable<LostRow>
        label={t('lostArticles.title')}
        columns={[
          column('epc', 'fields.epc', { ...sorted, card: 'primary', minWidth: 220 }),
          column('reference', 'fields.article', {
            ...sorted,
            minWidth: 180,
            valueGetter: (_v, r) => (r.reference ? `${r.reference} — ${r.designation ?? ''}` : '—'),
          }),
          column('cause', 'lostArticles.cause', {
            valueGetter: (_v, r) => t(`lostArticles.causes.${r.cause}`, { count: r.missedInventories }),
          }),
          column('missedInventories', 'lostArticles.missedInventories', {
            type: 'number',
            flex: 0,
            width: 120,
            valueFormatter: (value: number) => formatNumber(value, language),
          }),
          column('inventoryNumber', 'lostArticles.inventory', {
            renderCell: ({ row }) =>
              row.inventoryId ? (
                <Link component={RouterLink} to={`/admin/inventories/${row.inventoryId}`}>
                  {row.inventoryNumber ?? `#${row.inventoryId}`}
                </Link>
              ) : (
                '—'
              ),
          }),
          column('lastSeenAt', 'fields.lastSeenAt', { ...sorted, ...date, hideBelow: 'md' }),
          column('lastLocation', 'lostArticles.lastLocation', { hideBelow: 'md' }),
          column('suspectedAt', 'lostArticles.suspectedAt', { ...sorted, ...date, hideBelow: 'lg' }),
        ]}
        useList={useLostArticlesQuery}
        filters={{ status }}
        emptyText={t(`lostArticles.empty.${status}`)}
        countKey="lostArticles.count"
        rowActions={canWrite ? actions : undefined}
      />
      {canWrite && settings && (
        <Box sx={{ mt: 3 }}>
          <Section title={t('lostArticles.settings.title')} testId="lost-article-settings">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('lostArticles.settings.help')}
            </Typography>
            <SettingsForm saved={settings} />
          </Section>
        </Box>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('lostArticles.confirmLost.title', { epc: confirming?.epc ?? '' })}
        message={t('lostArticles.confirmLost.message')}
        confirmLabel={t('lostArticles.decide.lost')}
        danger
        busy={isLoading}
        onConfirm={() => confirming && void run(confirming, 'lost')}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
};
