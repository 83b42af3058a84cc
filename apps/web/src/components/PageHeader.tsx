import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from './use-document-title';

type PageHeaderProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** The browser tab's name when the title is not plain text. */
  documentTitle?: string;
  /** Lets the page move the focus to its heading (after an action that replaced what had it). */
  headingRef?: Ref<HTMLHeadingElement>;
};

/** Title, subtitle and the page's main buttons; the title also names the browser tab. */
export const PageHeader = (props: PageHeaderProps) => {
  useDocumentTitle(props.documentTitle ?? (typeof props.title === 'string' ? props.title : null));
  return <HeaderBlock {...props} />;
};

const HeaderBlock = ({ title, subtitle, actions, headingRef }: PageHeaderProps) => (
  <Stack
    direction={{ xs: 'column', sm: 'row' }}
    spacing={2}
    sx={{ mb: 3, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'flex-end' } }}
  >
    <Box sx={{ minWidth: 0, flexShrink: 0, maxWidth: { sm: '50%' } }}>
      <Typography
        variant="h5"
        component="h1"
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        sx={{ '&:focus': { outline: 'none' } }}
      >
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" data-testid="page-subtitle">
          {subtitle}
        </Typography>
      )}
    </Box>
    {actions && (
      // Buttons keep their label on one line; when the row is too narrow, buttons go to the next line.
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
      >
        {actions}
      </Stack>
    )}
  </Stack>
);
