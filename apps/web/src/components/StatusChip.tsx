import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { statusKeys } from './documents/status-texts';

/** The colour of each status of a document, a receipt… */
export type StatusColors<S extends string> = Record<S, NonNullable<ChipProps['color']>>;

/** The colours of the document statuses in progress → done (sent) / canceled, shared by every document type. */
export const DOCUMENT_STATUS_COLORS = { in_progress: 'info', done: 'success', canceled: 'default' } as const;

/**
 * A chip for one status set: `labels` is the translation prefix of the statuses' names (`${labels}.${status}`, else
 * the documents' shared name),
 * `testId` marks it for the end-to-end tests.
 */
export const statusChip =
  <S extends string>(colors: StatusColors<S>, labels: string, testId?: string) =>
  ({ status }: { status: S }) => {
    const { t } = useTranslation();
    return (
      <Chip
        size="small"
        variant="outlined"
        color={colors[status]}
        label={t(statusKeys(labels, status))}
        data-testid={testId}
      />
    );
  };
