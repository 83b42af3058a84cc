import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { enUS, frFR } from '@mui/material/locale';
import { useTranslation } from 'react-i18next';
import { theme } from './theme';

/** MUI's own texts (pagination, etc.) follow the UI language. */
export const ThemedApp = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const localized = useMemo(() => createTheme(theme, language === 'fr' ? frFR : enUS), [language]);
  return (
    <ThemeProvider theme={localized}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
};
