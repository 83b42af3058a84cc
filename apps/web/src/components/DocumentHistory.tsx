import Typography from '@mui/material/Typography';
import { statusKeys } from './documents/status-texts';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TDocumentEvent } from '@tagstock/contract';
import { authorName, changeLine } from '../features/logs/log-format';
import { formatDateTime, formatMoney } from './format';
import { DetailTable, type DetailColumn } from './DetailTable';

/** How one document type names its events, fields and statuses (translation keys). */
export type HistoryVocabulary = {
  /** Prefix of the event names: `${events}.${action}`. */
  events: string;
  /** Field → label key; other fields use `fields.<field>`. */
  labels: Record<string, string>;
  /** Status fields → prefix of their values' names. */
  statuses: Record<string, string>;
  title: string;
  empty: string;
};

/** One change as text: statuses by name, amounts as money, references without their ids. */
const changeText = (
  t: TFunction,
  vocabulary: HistoryVocabulary,
  change: TDocumentEvent['changes'][number],
  language: string,
): string => {
  const label = t(vocabulary.labels[change.field] ?? `fields.${change.field}`, { defaultValue: change.field });
  // A supplier or payment mode id says nothing to the reader: only that it changed.
  if (change.field.endsWith('Id')) return label;
  // The note given with a change of status: only its text.
  if (change.field === 'note' && change.from == null) return `${label}${t('logs.labelSeparator')}${String(change.to)}`;
  const statuses = vocabulary.statuses[change.field];
  const value = (v: unknown) =>
    statuses && typeof v === 'string'
      ? t(statusKeys(statuses, v))
      : change.field === 'totalNet' && typeof v === 'string'
        ? formatMoney(v, language)
        : null;
  const from = value(change.from);
  const to = value(change.to);
  if (from !== null || to !== null)
    return `${label}${t('logs.labelSeparator')}${from ?? t('logs.values.empty')} → ${to ?? t('logs.values.empty')}`;
  const line = changeLine(t, change, language);
  return `${label}${t('logs.labelSeparator')}${line.from} → ${line.to}`;
};

/** A document's history (DESIGN §4b): who did what and when, and what changed, oldest first. */
export const DocumentHistory = ({
  events,
  vocabulary,
}: {
  events: readonly TDocumentEvent[] | undefined;
  vocabulary: HistoryVocabulary;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const columns: DetailColumn<TDocumentEvent>[] = [
    {
      key: 'date',
      header: t('fields.date'),
      cell: (event) => formatDateTime(event.createdAt, language),
      sx: { whiteSpace: 'nowrap' },
    },
    { key: 'user', header: t('fields.user'), cell: (event) => authorName(t, event) },
    {
      key: 'action',
      header: t('fields.action'),
      primary: true,
      cell: (event) => t(`${vocabulary.events}.${event.action}`, { defaultValue: event.action }),
    },
    {
      key: 'changes',
      header: t('fields.changes'),
      cell: (event) =>
        event.changes.map((change, i) => (
          <Typography key={i} variant="body2">
            {changeText(t, vocabulary, change, language)}
          </Typography>
        )),
    },
  ];
  return (
    <DetailTable
      label={t(vocabulary.title)}
      testId="history"
      columns={columns}
      rows={events}
      rowKey={(event) => event.id}
      empty={t(vocabulary.empty)}
    />
  );
};
