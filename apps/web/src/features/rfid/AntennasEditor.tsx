import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { ANTENNA_SIDES, type TAntenna } from '@tagstock/contract';
import type { CustomFieldProps } from '../../components/ResourceForm';

type Side = TAntenna['side'];

/** The form keeps antennas as text, `1:inner,2:outer`, like every other form value. */
export const antennasToText = (value: unknown): string =>
  Array.isArray(value) ? (value as TAntenna[]).map((a) => `${a.port}:${a.side}`).join(',') : '';

export const antennasFromText = (text: string): { port: number; side: string }[] =>
  text
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const [port = '', side = 'none'] = part.split(':');
      return { port: Number(port), side };
    });

/** A list of antenna ports with their side (inner/outer give the direction of a passage). */
export const AntennasEditor = ({ label, value, onChange, error }: CustomFieldProps) => {
  const { t } = useTranslation();
  const antennas = antennasFromText(value);
  const write = (next: { port: number; side: string }[]) =>
    onChange(next.map((a) => `${Number.isFinite(a.port) ? a.port : ''}:${a.side}`).join(','));
  const nextPort = antennas.reduce((max, a) => Math.max(max, Number.isFinite(a.port) ? a.port : 0), 0) + 1;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{label}</Typography>
      <Typography variant="caption" color="text.secondary">
        {t('readers.antennasHelp')}
      </Typography>
      {antennas.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('readers.noAntenna')}
        </Typography>
      )}
      {antennas.map((antenna, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label={t('fields.port')}
            value={Number.isFinite(antenna.port) && antenna.port > 0 ? String(antenna.port) : ''}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `${t('fields.port')} ${index + 1}` } }}
            sx={{ width: 100 }}
            onChange={(e) =>
              write(
                antennas.map((a, i) => (i === index ? { ...a, port: Number(e.target.value.replace(/\D/g, '')) } : a)),
              )
            }
          />
          <TextField
            select
            size="small"
            label={t('fields.side')}
            value={antenna.side}
            sx={{ width: 160 }}
            slotProps={{ htmlInput: { 'aria-label': `${t('fields.side')} ${index + 1}` } }}
            onChange={(e) => write(antennas.map((a, i) => (i === index ? { ...a, side: e.target.value as Side } : a)))}
          >
            {ANTENNA_SIDES.map((side) => (
              <MenuItem key={side} value={side}>
                {t(`readers.sides.${side}`)}
              </MenuItem>
            ))}
          </TextField>
          <IconButton
            aria-label={t('actions.removeAntenna')}
            onClick={() => write(antennas.filter((_a, i) => i !== index))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <div>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={antennas.length >= 64}
          onClick={() => write([...antennas, { port: Math.min(nextPort, 64), side: 'none' }])}
        >
          {t('actions.addAntenna')}
        </Button>
      </div>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
};
