import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import type { TDeliveryNoteStatus } from '@tagstock/contract';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../components/format';
import { Section } from '../../components/Section';
import { statusChip } from '../../components/StatusChip';
import { useHasPermission } from '../../components/use-permission';
import { useDeliveriesOfSourceQuery, useDeliveriesRemainingQuery, type DeliverySource } from './api';
import { deliveryState, deliveryTotals, newNotePath, notePath, sortNotes } from './deliveries';

export const DeliveryNoteStatusChip = statusChip<TDeliveryNoteStatus>(
  { draft: 'info', ready: 'warning', delivered: 'success', canceled: 'default' },
  'deliveryNotes.statuses',
  'delivery-note-status',
);

// Narrow cells: the five columns fit a 390 px phone; the article's designation wraps under its reference.
const cell = { px: { xs: 0.5, sm: 1 }, py: 0.75 } as const;
const figure = { ...cell, width: { xs: '3.6rem', sm: '6.5rem' }, fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The deliveries of an invoice or a proforma (users with `deliveryNotes.read`): per article what was ordered,
 * delivered, is on notes not yet delivered and is left to deliver; its delivery notes; and, while units are left
 * and the user may write delivery notes, the way to a new note with them.
 */
export const DeliveriesSection = ({ source }: { source: DeliverySource }) => {
  const canRead = useHasPermission('deliveryNotes.read');
  if (!canRead) return null;
  return <Deliveries source={source} />;
};

const Deliveries = ({ source }: { source: DeliverySource }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const canWrite = useHasPermission('deliveryNotes.write');
  const { data: remaining, isError } = useDeliveriesRemainingQuery(source);
  const { data: notes } = useDeliveriesOfSourceQuery(source);
  const n = (value: number) => formatNumber(value, language);
  const totals = remaining ? deliveryTotals(remaining.lines) : null;
  const state = totals ? deliveryState(totals) : null;

  return (
    <Section
      title={t('deliveries.title')}
      testId="deliveries"
      action={
        canWrite &&
        state === 'toDeliver' && (
          <Button
            component={RouterLink}
            to={newNotePath(source)}
            variant="outlined"
            size="small"
            startIcon={<ShippingIcon />}
          >
            {t('deliveries.create')}
          </Button>
        )
      }
    >
      {isError && <Typography color="error">{t('deliveries.unavailable')}</Typography>}
      {totals && state && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="deliveries-summary">
          {t(`deliveries.state.${state}`, {
            count: totals.remaining,
            n: n(totals.remaining),
            delivered: n(totals.delivered),
            ordered: n(totals.ordered),
          })}
        </Typography>
      )}
      {remaining && remaining.lines.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('deliveries.perArticle')} data-testid="deliveries-lines">
            <TableHead>
              <TableRow>
                <TableCell sx={cell}>{t('fields.article')}</TableCell>
                <TableCell sx={figure} align="right">
                  {t('deliveries.ordered')}
                </TableCell>
                <TableCell sx={figure} align="right">
                  {t('deliveries.delivered')}
                </TableCell>
                <TableCell sx={figure} align="right">
                  {t('deliveries.planned')}
                </TableCell>
                <TableCell sx={figure} align="right">
                  {t('deliveries.remaining')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {remaining.lines.map((line) => (
                <TableRow key={line.articleId} data-testid="deliveries-line">
                  <TableCell sx={{ ...cell, overflowWrap: 'anywhere' }}>
                    <Typography variant="body2" component="span" sx={{ fontWeight: 600, display: 'block' }}>
                      {line.reference}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {line.designation}
                    </Typography>
                  </TableCell>
                  <TableCell sx={figure} align="right">
                    {n(line.ordered)}
                  </TableCell>
                  <TableCell sx={figure} align="right">
                    {n(line.delivered)}
                  </TableCell>
                  <TableCell sx={figure} align="right">
                    {n(line.planned)}
                  </TableCell>
                  <TableCell
                    sx={{ ...figure, fontWeight: line.remaining > 0 ? 600 : undefined }}
                    align="right"
                    data-testid="deliveries-remaining"
                  >
                    {n(line.remaining)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('deliveries.notes')}
      </Typography>
      {notes && notes.items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('deliveries.noNotes')}
        </Typography>
      )}
      {notes && notes.items.length > 0 && (
        <List dense disablePadding data-testid="deliveries-notes">
          {sortNotes(notes.items).map((note) => (
            <ListItem key={note.id} disableGutters>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={notePath(note.id)} sx={{ fontWeight: 600 }}>
                  {note.number ?? t('deliveries.draftNote', { id: note.id })}
                </Link>
                <Typography variant="body2" color="text.secondary" component="span">
                  {t('deliveries.plannedOn', { date: formatDate(note.plannedDate, language) })}
                </Typography>
                <DeliveryNoteStatusChip status={note.status} />
                {note.late && <Chip size="small" color="error" label={t('deliveries.late')} />}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
};
