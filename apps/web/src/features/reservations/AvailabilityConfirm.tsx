import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ZAvailabilityShortage, type TAvailabilityShortage } from '@tagstock/contract';
import { isQueryError } from '../../app/base-api';

type Mutation<A, R> = (args: A) => { unwrap(): Promise<R> };
type Choice = 'confirmWithoutReservation' | 'reserveAvailable' | null;

/** The lines of a 409 `insufficient_available`, or null for any other failure. */
export const shortagesOf = (error: unknown): TAvailabilityShortage[] | null => {
  if (!isQueryError(error) || error.problem.code !== 'insufficient_available') return null;
  const lines = ZAvailabilityShortage.array().safeParse((error.problem as { lines?: unknown }).lines);
  return lines.success ? lines.data : [];
};

/**
 * The confirmation of SPEC §5 around a document's creation (invoices; delivery notes next): when the server
 * answers that lines exceed what is available, a dialog lists them and offers to continue without reserving or
 * to reserve what is available; the creation is sent again with that choice. Closing the dialog gives up (the
 * caller shows the server's refusal). `create` goes where the creation mutation went; `dialog` into the page.
 */
export function useAvailabilityConfirm<B extends object, D>(create: Mutation<B, D>) {
  const { t } = useTranslation();
  const [shortages, setShortages] = useState<TAvailabilityShortage[] | null>(null);
  const answer = useRef<(choice: Choice) => void>(() => undefined);
  const choose = (choice: Choice) => {
    setShortages(null);
    answer.current(choice);
  };

  const confirmingCreate: Mutation<B, D> = (body) => ({
    unwrap: async () => {
      try {
        return await create(body).unwrap();
      } catch (error) {
        const lines = shortagesOf(error);
        if (!lines) throw error;
        const choice = await new Promise<Choice>((resolve) => {
          answer.current = resolve;
          setShortages(lines);
        });
        if (!choice) throw error;
        return create({ ...body, [choice]: true }).unwrap();
      }
    },
  });

  const dialog = (
    <Dialog open={shortages !== null} onClose={() => choose(null)} aria-labelledby="availability-title">
      <DialogTitle id="availability-title">{t('reservations.confirmTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t('reservations.confirmIntro')}</Typography>
        <ul data-testid="availability-lines">
          {(shortages ?? []).map((line) => (
            <li key={line.articleId}>
              {t('reservations.confirmLine', {
                reference: line.reference,
                requested: line.requested,
                available: line.available,
              })}
            </li>
          ))}
        </ul>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => choose(null)}>{t('actions.cancel')}</Button>
        <Button variant="outlined" onClick={() => choose('confirmWithoutReservation')}>
          {t('reservations.continueWithout')}
        </Button>
        <Button variant="contained" onClick={() => choose('reserveAvailable')}>
          {t('reservations.reserveAvailable')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { create: confirmingCreate, dialog };
}
