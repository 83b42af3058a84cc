import type { RefObject } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import * as C from '@tagstock/contract';
import { DocumentHeader, type HeaderField, type HeaderInput } from '../../components/documents/DocumentHeader';
import { DocumentLoader, DocumentShell } from '../../components/documents/DocumentPage';
import { HistorySection } from '../../components/documents/HistorySection';
import { DocumentSubtitle, useDocumentEditor } from '../../components/documents/use-document-editor';
import { formatDateTime, formatNumber } from '../../components/format';
import { DownloadButton } from '../../components/PdfButton';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import type { ReferenceSource } from '../../components/reference-source';
import { Section } from '../../components/Section';
import { categoryRef } from '../categories/api';
import { formatGap, formatGapValue } from '../gaps/gaps';
import { consumerRef } from '../rfid/api';
import { HISTORY, InventoryStatusChip, inventoryApi as api, locationRef, useInventoryQuery } from './api';
import * as draft from './draft';
import { InventoryLines } from './InventoryLines';

const LIST = '/admin/inventories';
type Inventory = C.TInventory;
// No rule reads the inventory (the contract's state is empty): its transitions hold for the full document.
const TRANSITIONS = C.INVENTORY_TRANSITIONS as readonly C.TDocumentTransition<C.TInventoryStatus, Inventory>[];
const SOURCES: Record<Exclude<C.TInventoryScopeKind, 'all'>, ReferenceSource> = {
  location: locationRef,
  categories: categoryRef,
  attributions: consumerRef,
};

/** `/admin/inventories/:id`, read again every few seconds while started (handhelds upload, readers read). */
export const InventoryDetailPage = () => (
  <DocumentLoader<Inventory>
    useDocument={useInventoryQuery}
    poll={{ while: ['started'], every: 5000 }}
    back={{ to: LIST, label: useTranslation().t('inventories.title') }}
    statuses="inventories.statuses"
    render={(inventory, focus) => <InventoryEditor inventory={inventory} focus={focus} />}
  />
);

/** One scope item, named by its source. */
const ScopeChip = ({ source, id, onDelete }: { source: ReferenceSource; id: string; onDelete: () => void }) => (
  <Chip size="small" label={source.useLabel(id, false) ?? `#${id}`} onDelete={onDelete} />
);

/** The scope's ids: the chosen ones as chips, and a select to add one more. */
const ScopeIds = ({ value, set, header, error, label }: HeaderInput<draft.InventoryHeader>) => {
  const source = SOURCES[header.scopeKind as keyof typeof SOURCES];
  const ids = value ? value.split(',') : [];
  return (
    <Stack spacing={1}>
      <ReferenceSelect
        key={header.scopeKind}
        source={source}
        label={label}
        value=""
        onChange={(id) => id && !ids.includes(id) && set([...ids, id].join(','))}
        {...error}
      />
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} data-testid="inventory-scope-ids">
        {ids.map((id) => (
          <ScopeChip key={id} source={source} id={id} onDelete={() => set(ids.filter((i) => i !== id).join(','))} />
        ))}
      </Stack>
    </Stack>
  );
};

const HEADER: HeaderField<draft.InventoryHeader, Inventory>[] = [
  {
    name: 'scopeKind',
    label: 'inventories.scope',
    kind: 'select',
    options: C.INVENTORY_SCOPE_KINDS,
    optionLabels: 'inventories.scopeKinds',
    set: (scopeKind) => ({ scopeKind, scopeIds: '' }),
  },
  {
    name: 'scopeIds',
    label: (h) => `inventories.scopeItems.${h.scopeKind}`,
    factLabel: 'inventories.scopeNames',
    kind: 'custom',
    hidden: (h) => h.scopeKind === 'all',
    input: (props) => <ScopeIds {...props} />,
    show: (doc) => (doc.scopeNames.length ? doc.scopeNames.join(', ') : null),
  },
  ...(['startedAt', 'finishedAt', 'adjustedAt'] as const).map(
    (name): HeaderField<draft.InventoryHeader, Inventory> => ({
      kind: 'fact',
      name,
      label: `inventories.${name}`,
      // Applied once, if ever: said only when it was.
      show: (doc, language) => (name === 'adjustedAt' && !doc[name] ? null : formatDateTime(doc[name], language)),
    }),
  ),
  { kind: 'fact', name: 'createdByName', label: 'inventories.createdBy', show: (doc) => doc.createdByName },
  { name: 'notes', label: 'fields.notes', kind: 'notes', size: 12 },
];

/** The count's totals, read only: units theoretical and counted, short and over, their value, and the tags. */
const TOTALS = 'theoretical counted missing surplus gap gapValue tagsFound tagsMissing tagsUnexpected tagsUnknown'
  .split(' ')
  .map(
    (name): HeaderField<draft.InventoryHeader, Inventory> => ({
      kind: 'fact',
      name,
      label: `inventories.totals.${name}`,
      testId: `inventory-${name}`,
      show: ({ totals }, language) =>
        name === 'gapValue'
          ? formatGapValue(totals.gapValue, language)
          : name === 'gap'
            ? formatGap(totals.gap, language)
            : formatNumber(totals[name as keyof typeof totals] as number, language),
    }),
  );

const InventoryEditor = ({ inventory, focus }: { inventory: Inventory | null; focus: RefObject<boolean> }) => {
  const { t, i18n } = useTranslation();
  const editor = useDocumentEditor({
    api,
    doc: inventory,
    permission: 'inventories',
    texts: 'inventories',
    list: LIST,
    editableIn: ['draft'],
    focusHeading: focus,
    check: draft.check,
    serverErrors: draft.serverErrors,
    initial: () => draft.draftOf(inventory),
  });
  return (
    <DocumentShell
      {...editor.shell}
      subtitle={
        inventory && (
          <DocumentSubtitle
            name={t(`inventories.scopeKinds.${inventory.scopeKind}`)}
            chip={<InventoryStatusChip status={inventory.status} />}
          />
        )
      }
      // Finishing may apply the gaps to the stock (once).
      status={editor.status(TRANSITIONS, { options: { finished: ['applyAdjustments'] } })}
      actions={
        inventory && (
          <>
            {inventory.status !== 'draft' && (
              <DownloadButton
                path={`/inventories/${inventory.id}/export?format=xlsx&lang=${i18n.resolvedLanguage === 'fr' ? 'fr' : 'en'}`}
                fileName={`${inventory.number ?? inventory.id}.xlsx`}
                label={t('inventories.exportXlsx')}
              />
            )}
          </>
        )
      }
    >
      <Stack spacing={3}>
        <Section title={t('inventories.header')}>
          <DocumentHeader fields={HEADER} doc={inventory} edit={editor.headerEdit} />
        </Section>
        {inventory && inventory.status !== 'draft' && (
          <>
            <Section title={t('inventories.totals.title')} testId="inventory-totals">
              <DocumentHeader fields={TOTALS} doc={inventory} />
            </Section>
            <InventoryLines inventory={inventory} canWrite={editor.canWrite} />
          </>
        )}
        {inventory && <HistorySection events={editor.history} vocabulary={HISTORY} />}
      </Stack>
    </DocumentShell>
  );
};
