import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_LINES_MAX } from '@tagstock/contract';
import { articleLinePicker, type ArticleChoice } from '../../features/articles/ArticlePicker';
import { epcsOf } from '../../features/rfid/epc-list';
import { formatNumber } from '../format';
import { Section } from '../Section';
import { LinesEditor, type LineColumn } from './LinesEditor';
import type { DraftErrors } from './lines';
import { lineColumns } from './priced-columns';
import { emptyUnpricedLine, validateUnpricedLine, type UnpricedLine } from './unpriced-draft';

/** The quantity, then the EPCs of the items (one per row, at most one per item); `epcs`: that column's label key. */
export const unpricedColumns = (t: TFunction, language: string, epcs: string): LineColumn<UnpricedLine>[] => [
  {
    ...lineColumns(t, language).quantity<UnpricedLine>(),
    show: (line) => formatNumber(Number(line.quantity), language),
    width: 110,
    testId: 'line-quantity',
  },
  {
    field: 'epcs',
    label: t(epcs),
    show: (line) => epcsOf(line.epcs).join(', ') || '—',
    input: { value: (line) => line.epcs, set: (epcs) => ({ epcs }), mode: 'text', multiline: true },
    width: 320,
    testId: 'line-epcs',
  },
];

type GateLine = { id: number; quantity: number; exited: number };

/** A document with an exit gate: each saved line's items out through it, ticked once all are (`2 / 2 ✓`). */
const gateColumn = (t: TFunction, lines: readonly GateLine[]): LineColumn<UnpricedLine> => {
  const ticks = new Map(lines.map((l) => [l.id, `${l.exited} / ${l.quantity}${l.exited >= l.quantity ? ' ✓' : ''}`]));
  return {
    field: 'exited',
    label: t('documents.lineFields.exited'),
    show: (line) => ticks.get(line.lineId!) ?? '—',
    testId: 'line-exited',
    width: 320,
  };
};

const pickedArticle = (choice: ArticleChoice) => ({ itemId: choice.id, itemLabel: choice.label });

/**
 * The lines section of a document with unpriced lines: the article picked, the quantity and the EPCs, and what
 * went out through the exit gate (`gate`: the saved lines); edited while the editor (`useDocumentEditor`) is.
 */
export const UnpricedLines = <D extends { lines: UnpricedLine[] }>({
  editor,
  epcs,
  gate,
  children,
}: {
  editor: { draft: D; errors: DraftErrors; editable: boolean; change: (draft: D) => void };
  /** The translation key of the EPC column's label. */
  epcs: string;
  gate?: readonly GateLine[];
  /** Under the lines (a help text). */
  children?: ReactNode;
}) => {
  const { t, i18n } = useTranslation();
  const { draft, editable, change } = editor;
  return (
    <Section title={t('documents.lines')}>
      <LinesEditor<UnpricedLine>
        lines={draft.lines}
        edit={
          editable
            ? {
                onChange: (lines) => change({ ...draft, lines }),
                newLine: emptyUnpricedLine,
                validateLine: validateUnpricedLine,
              }
            : undefined
        }
        errors={editor.errors}
        max={DOCUMENT_LINES_MAX}
        picker={articleLinePicker<UnpricedLine>(t('fields.article'), pickedArticle)}
        columns={[...unpricedColumns(t, i18n.resolvedLanguage ?? 'en', epcs), ...(gate ? [gateColumn(t, gate)] : [])]}
      />
      {children}
    </Section>
  );
};
