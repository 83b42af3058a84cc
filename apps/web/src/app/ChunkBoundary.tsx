import { Component, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './chunk-load';

/** SPEC §9: what a chunk that failed to load leaves on screen: a reload prompt, never a blank page. */
export const ReloadPrompt = ({ reload = () => window.location.reload() }: { reload?: () => void }) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', p: 3, flex: 1, minHeight: 240 }}>
      <Paper variant="outlined" role="alert" sx={{ p: 4, maxWidth: 560, width: '100%' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('errors.chunkTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('errors.chunkText')}
        </Typography>
        <Button variant="contained" onClick={reload}>
          {t('errors.reload')}
        </Button>
      </Paper>
    </Box>
  );
};

type Props = { children: ReactNode; reload?: () => void };

/**
 * Around every lazy area, page or widget: a chunk that fails to load (or times out) shows the reload prompt in its
 * place; any other error goes on to the next boundary.
 */
export class ChunkBoundary extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return <ReloadPrompt reload={this.props.reload} />;
  }
}
