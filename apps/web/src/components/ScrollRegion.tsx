import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useObservedSize } from './use-observed-size';

const overflows = (element: HTMLElement) => element.scrollWidth > element.clientWidth;

/**
 * Content wider than its card (a table) that scrolls sideways inside it. While it does, the region is a named tab
 * stop, so that the keyboard can scroll it too, and a shadow on the side that hides more content says there is more.
 */
export const ScrollRegion = ({ label, children }: { label: string; children: ReactNode }) => {
  const [ref, overflowing] = useObservedSize(overflows, false);
  return (
    <Box
      ref={ref}
      role={overflowing ? 'region' : undefined}
      aria-label={overflowing ? label : undefined}
      tabIndex={overflowing ? 0 : undefined}
      data-overflowing={overflowing || undefined}
      sx={{
        overflowX: 'auto',
        // Scroll shadows: the white covers move with the content, the shadows stay at the edges.
        background: (theme) => {
          const paper = theme.palette.background.paper;
          return [
            `linear-gradient(to right, ${paper} 30%, transparent) left / 40px 100% no-repeat local`,
            `linear-gradient(to left, ${paper} 30%, transparent) right / 40px 100% no-repeat local`,
            'radial-gradient(farthest-side at 0 50%, rgba(15, 23, 42, 0.25), transparent) left / 14px 100% no-repeat scroll',
            'radial-gradient(farthest-side at 100% 50%, rgba(15, 23, 42, 0.25), transparent) right / 14px 100% no-repeat scroll',
          ].join(', ');
        },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
};
