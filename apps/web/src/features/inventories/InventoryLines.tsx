import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import CountIcon from '@mui/icons-material/EditNoteOutlined';
import RescanIcon from '@mui/icons-material/ReplayOutlined';
import TagsIcon from '@mui/icons-material/NfcOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as C from '@tagstock/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { listColumns } from '../../components/documents/DocumentListPage';
import { formatDateTime } from '../../components/format';
import { FilterBar, useFilterQuery, type ListFilter } from '../../components/ListFilters';
import { problemMessage } from '../../components/notify';
import { ResourceTable } from '../../components/ResourceTable';
import { rowAction } from '../../components/row-action';
import { Section } from '../../components/Section';
import { useUrlFilters } from '../../components/use-list-params';
import { articleRef } from '../articles/api';
import { formatGap, formatGapValue } from '../gaps/gaps';
import {
  useInventoryCountsMutation,
  useInventoryLigneQuery,
  useInventoryRescanMutation,
  useInventoryTagsQuery,
  type LineRow,
  type TagRow,
} from './lines-api';
import { countOf } from './draft';

/** The lines follow the count while it runs, as the inventory does. */
const POLL_MS = 5000;

/** A manual count (untagged items) typed for one line: empty clears it. */
const CountDialog = ({ inventoryId, line, onClose }: { inventoryId: number; line: LineRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const [text, setText] = useState(line.manual === null ? '' : String(line.manual));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useInventoryCountsMutation();
  const run = async () => {
    const count = countOf(line.articleId, text);
    if ('error' in count) return setError(count.error);
    try {
      await save({ inventoryId, body: count.body }).unwrap();
      toast.success(t('inventories.countSaved'));
      onClose();
    } catch (failure) {
      toast.error(problemMessage(failure, t));
    }
  };
  return (
    <ConfirmDialog
      open
      title={t('inventories.countTitle', { reference: line.reference })}
      message={t('inventories.countHelp')}
      confirmLabel={t('actions.save')}
      busy={isLoading}
      onConfirm={() => void run()}
      onClose={onClose}
    >
      <TextField
        autoFocus
        fullWidth
        size="small"
        sx={{ mt: 2 }}
        label={t('inventories.lineFields.manual')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error !== null}
        helperText={error && t(error)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </ConfirmDialog>
  );
};

/**
 * An inventory's lines (server-paginated, filtered by gap) with their manual counts and rescans while started,
 * and the tags of the line chosen (or every tag, by state).
 */
export const InventoryLines = ({ inventory, canWrite }: { inventory: C.TInventory; canWrite: boolean }) => {
  const { t, i18n } = useTranslation();
  const [counting, setCounting] = useState<LineRow | null>(null);
  const [rescan] = useInventoryRescanMutation();
  const { searchParams, setFilter } = useUrlFilters();
  const started = inventory.status === 'started';
  const polling = started ? POLL_MS : undefined;
  const lineFilters: ListFilter[] = [
    {
      param: 'gap',
      label: t('inventories.gapFilter'),
      allLabel: t('inventories.gapFilters.all'),
      width: 200,
      options: C.INVENTORY_GAP_FILTERS.filter((f) => f !== 'all').map((f) => ({
        value: f,
        label: t(`inventories.gapFilters.${f}`),
      })),
    },
  ];
  const tagFilters: ListFilter[] = [
    {
      param: 'tagState',
      label: t('inventories.tagState'),
      allLabel: t('inventories.allTags'),
      width: 200,
      options: C.INVENTORY_TAG_STATES.map((s) => ({ value: s, label: t(`inventories.tagStates.${s}`) })),
    },
  ];
  const lineQuery = useFilterQuery(lineFilters);
  const { tagState } = useFilterQuery(tagFilters);
  // The line whose tags are shown (a row's action sets it; none: every tag).
  const tagArticle = searchParams.get('tagArticle') || undefined;
  const articleLabel = articleRef.useLabel(tagArticle ?? '', !tagArticle);
  const language = i18n.resolvedLanguage ?? 'en';
  const column = listColumns<LineRow>(t, { type: 'number', width: 110 });
  const tagColumn = listColumns<TagRow>(t, { flex: 1, minWidth: 140, sortable: false });
  const rescanLine = (line: LineRow) =>
    rescan({ inventoryId: inventory.id, articleId: line.articleId })
      .unwrap()
      .then(() => toast.success(t('inventories.rescanned', { reference: line.reference })))
      .catch((error: unknown) => toast.error(problemMessage(error, t)));

  return (
    <>
      <Section title={t('inventories.lines')} testId="inventory-lines">
        <FilterBar filters={lineFilters} />
        <ResourceTable<LineRow>
          label={t('inventories.lines')}
          screen="inventoryLines"
          paramPrefix="lines"
          columns={[
            column('reference', 'fields.reference', { type: 'string', card: 'primary', flex: 1, minWidth: 120 }),
            column('designation', 'fields.designation', { type: 'string', flex: 1, minWidth: 160 }),
            column('categoryName', 'fields.category', { type: 'string', sortable: false, hideBelow: 'lg' }),
            column('theoretical', 'inventories.lineFields.theoretical'),
            column('counted', 'inventories.lineFields.counted'),
            // Nothing counted it (no tag expected or seen, no manual count): no gap to speak of.
            column('gap', 'inventories.lineFields.gap', {
              valueFormatter: (value: number, row) => (row.isCounted ? formatGap(value, language) : '—'),
            }),
            column('gapValue', 'inventories.lineFields.gapValue', {
              width: 130,
              valueFormatter: (value: string, row) => (row.isCounted ? formatGapValue(value, language) : '—'),
            }),
            column('tagsFound', 'inventories.tagStates.found', { hideBelow: 'lg', sortable: false }),
            column('tagsMissing', 'inventories.tagStates.missing', { hideBelow: 'lg', sortable: false }),
            column('tagsUnexpected', 'inventories.tagStates.unexpected', { hideBelow: 'xl', sortable: false }),
            column('manual', 'inventories.lineFields.manual', { sortable: false, valueFormatter: (v) => v ?? '—' }),
          ]}
          useList={useInventoryLigneQuery as never}
          filters={{ inventoryId: inventory.id, ...lineQuery }}
          pollingInterval={polling}
          defaultSort="reference:asc"
          emptyText={t('inventories.noLines')}
          countKey="inventories.lineCount"
          rowActions={(line) => [
            rowAction('tags', <TagsIcon />, t('inventories.seeTags'), () =>
              setFilter('tagArticle', String(line.articleId)),
            ),
            ...(started && canWrite
              ? [
                  rowAction('count', <CountIcon />, t('inventories.count'), () => setCounting(line)),
                  rowAction('rescan', <RescanIcon />, t('inventories.rescan'), () => void rescanLine(line)),
                ]
              : []),
          ]}
        />
      </Section>
      <Section
        title={t('inventories.tags')}
        testId="inventory-tags"
        action={
          tagArticle && (
            <Chip
              label={articleLabel ?? `#${tagArticle}`}
              onDelete={() => setFilter('tagArticle', '')}
              data-testid="inventory-tags-article"
            />
          )
        }
      >
        <Box>
          <FilterBar filters={tagFilters} />
          <ResourceTable<TagRow>
            label={t('inventories.tags')}
            screen="inventoryTags"
            paramPrefix="tags"
            columns={[
              tagColumn('epc', 'fields.epc', { card: 'primary', minWidth: 220, sortable: true }),
              tagColumn('state', 'inventories.tagState', {
                card: 'status',
                valueFormatter: (value: string) => t(`inventories.tagStates.${value}`),
              }),
              tagColumn('expectedLocation', 'inventories.expectedLocation'),
              tagColumn('seenLocation', 'inventories.seenLocation'),
              tagColumn('seenAt', 'fields.seenAt', {
                sortable: true,
                valueFormatter: (v: string | null) => formatDateTime(v, language),
              }),
            ]}
            useList={useInventoryTagsQuery as never}
            filters={{ inventoryId: inventory.id, state: tagState, articleId: tagArticle }}
            pollingInterval={polling}
            emptyText={t('inventories.noTags')}
            countKey="inventories.tagCount"
          />
        </Box>
      </Section>
      {counting && <CountDialog inventoryId={inventory.id} line={counting} onClose={() => setCounting(null)} />}
    </>
  );
};
