import { useTranslation } from 'react-i18next';
import type { TDocumentEvent } from '@tagstock/contract';
import { DocumentHistory, type HistoryVocabulary } from '../DocumentHistory';
import { Section } from '../Section';

/** A document's history section, titled as its vocabulary names it (`documents.history`, `invoices.history`). */
export const HistorySection = ({
  events,
  vocabulary,
}: {
  events: readonly TDocumentEvent[] | undefined;
  vocabulary: HistoryVocabulary;
}) => (
  <Section title={useTranslation().t(vocabulary.title)}>
    <DocumentHistory events={events} vocabulary={vocabulary} />
  </Section>
);
