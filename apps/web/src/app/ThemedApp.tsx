import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme } from '@mui/material/styles';
import { enUS, frFR } from '@mui/material/locale';
// @mui/material's ThemeProvider brings its CSS-variables provider into the first load; for a theme without CSS
// variables (ours) it renders this one, as below (its ThemeProviderNoVars).
import { ThemeProvider } from '@mui/system';
import { useTranslation } from 'react-i18next';
import { theme } from './theme';

/** MUI's own texts (pagination, etc.) follow the UI language. */
export const ThemedApp = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  // `vars: null`: no CSS variables (what MUI's provider sets for such a theme).
  const localized = useMemo(() => ({ ...createTheme(theme, language === 'fr' ? frFR : enUS), vars: null }), [language]);
  return (
    <ThemeProvider theme={localized}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
};
