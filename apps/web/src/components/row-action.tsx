import type { ReactElement } from 'react';
import { GridActionsCellItem } from '@mui/x-data-grid';

/** A button among a table row's actions: it acts on that row alone (its click does not also open the row). */
export const rowAction = (key: string, icon: ReactElement, label: string, run: () => void) => (
  <GridActionsCellItem
    key={key}
    icon={icon}
    label={label}
    showInMenu={false}
    onClick={(e) => {
      e.stopPropagation();
      run();
    }}
  />
);
