import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab names the page: "Articles — Tagstock". */
export const useDocumentTitle = (title: string | null | undefined) => {
  const { t } = useTranslation();
  const suffix = t('messagesUi.titleSuffix');
  useEffect(() => {
    if (typeof document === 'undefined') return;
    document.title = title ? `${title} — ${suffix}` : suffix;
  }, [title, suffix]);
};
