import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';

/**
 * A part of the query as a chip with its own "remove" button (named "Remove <what>", reached by Tab): the chip is
 * not itself a button, so no control sits inside another.
 */
export const RemovableChip = ({
  label,
  onRemove,
  color = 'default',
}: {
  label: string;
  onRemove: () => void;
  color?: 'default' | 'primary' | 'secondary';
}) => {
  const { t } = useTranslation();
  return (
    <Chip
      variant="outlined"
      color={color}
      sx={{ maxWidth: '100%', '& .MuiChip-label': { display: 'flex', alignItems: 'center', pr: 0.5, minWidth: 0 } }}
      label={
        <>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</span>
          <IconButton
            size="small"
            aria-label={t('reports.builder.remove', { name: label })}
            onClick={onRemove}
            sx={{ ml: 0.5, p: 0.25 }}
          >
            <CloseIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </>
      }
    />
  );
};
