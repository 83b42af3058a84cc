import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS } from '@tagstock/contract';
import type { CustomFieldProps } from '../../components/ResourceForm';

/** The form keeps the events as text, `stock.alert,exit.unauthorized`, like every other form value. */
export const eventsToText = (value: unknown): string => (Array.isArray(value) ? value.join(',') : '');
export const eventsFromText = (text: string): string[] => text.split(',').filter((e) => e !== '');

/** One checkbox per event an endpoint may subscribe to, with what it reports. */
export const EventsField = ({ label, value, onChange, error }: CustomFieldProps) => {
  const { t } = useTranslation();
  const chosen = new Set(eventsFromText(value));
  const toggle = (event: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(event);
    else next.delete(event);
    // In the catalogue's order, whatever the clicks' order.
    onChange(WEBHOOK_EVENTS.filter((e) => next.has(e)).join(','));
  };
  return (
    <FormControl component="fieldset" error={!!error} required>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup>
        {WEBHOOK_EVENTS.map((event) => (
          <FormControlLabel
            key={event}
            control={
              <Checkbox checked={chosen.has(event)} onChange={(e) => toggle(event, e.target.checked)} name={event} />
            }
            label={
              <span>
                <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {event}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {' — '}
                  {t(`webhooks.eventNames.${event.replace('.', '_')}`)}
                </Typography>
              </span>
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
};
